import type { PhotoHostSettings } from '../settings/settings-store';
import { awsProfileNameSchema } from '../../shared/domain/aws-profile';
import { UsageError } from './cli-context';

type HostFlags = {
  readonly host?: string | undefined;
  readonly 's3-endpoint'?: string | undefined;
  readonly 's3-region'?: string | undefined;
  readonly 's3-bucket'?: string | undefined;
  readonly 's3-prefix'?: string | undefined;
  readonly 's3-path-style'?: boolean | undefined;
  readonly 's3-profile'?: string | undefined;
  readonly 'published-root'?: string | undefined;
  readonly 'published-url'?: string | undefined;
};

/** The photo host the flags describe, or undefined when no `--host` was given. */
export function hostSettingsFromFlags(flags: HostFlags): PhotoHostSettings | undefined {
  if (flags['s3-profile'] !== undefined && flags.host !== 's3')
    throw new UsageError('--s3-profile goes with --host s3 (and its --s3-region and --s3-bucket)');
  switch (flags.host) {
    case undefined:
      return undefined;
    case 's3': {
      const region = flags['s3-region'];
      const bucket = flags['s3-bucket'];
      if (!region || !bucket)
        throw new UsageError(
          '--host s3 needs --s3-region and --s3-bucket (and --s3-endpoint for a store other than AWS)',
        );
      return {
        kind: 's3',
        ...(flags['s3-endpoint'] ? { endpoint: flags['s3-endpoint'] } : {}),
        region,
        bucket,
        prefix: flags['s3-prefix'] ?? '',
        pathStyle: flags['s3-path-style'] ?? false,
        ...(flags['s3-profile'] !== undefined
          ? { profile: awsProfileName(flags['s3-profile']) }
          : {}),
      };
    }
    case 'published': {
      const root = flags['published-root'];
      const urlPrefix = flags['published-url'];
      if (!root || !urlPrefix)
        throw new UsageError('--host published needs --published-root DIR and --published-url URL');
      return { kind: 'published', root, urlPrefix };
    }
    default:
      throw new UsageError(`--host is s3 or published, not "${flags.host}"`);
  }
}

/**
 * `--s3-profile NAME`, checked.
 * @throws UsageError for a name no AWS file could hold.
 */
function awsProfileName(name: string): string {
  const parsed = awsProfileNameSchema.safeParse(name);
  if (!parsed.success)
    throw new UsageError(
      `--s3-profile: ${parsed.error.issues[0]?.message ?? 'not a profile name'}`,
    );
  return parsed.data;
}
