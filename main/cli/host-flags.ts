import type { PhotoHostSettings } from '../settings/settings-store';
import { awsProfileNameSchema } from '../../shared/domain/aws-profile';
import type { SettingsView } from '../../shared/ipc/views';
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

/**
 * The photo host the flags describe, or undefined when no `--host` was given (flags of a host
 * without it change the host in effect: `editedHostFromFlags`).
 * @throws UsageError for an incomplete host or a bad value.
 */
export function hostSettingsFromFlags(flags: HostFlags): PhotoHostSettings | undefined {
  if (flags['s3-profile'] !== undefined && flags.host !== undefined && flags.host !== 's3')
    throw new UsageError('--s3-profile goes with --host s3 (and its --s3-region and --s3-bucket)');
  switch (flags.host) {
    case undefined:
      // Checked now, before the data folder is opened; applied once the host in effect is known.
      if (flags['s3-profile'] !== undefined) awsProfileName(flags['s3-profile']);
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

const S3_FLAGS = [
  's3-endpoint',
  's3-region',
  's3-bucket',
  's3-prefix',
  's3-path-style',
  's3-profile',
];
const PUBLISHED_FLAGS = ['published-root', 'published-url'];

/** The host flags given, of `names`, as the user typed them. */
function given(flags: HostFlags, names: readonly string[]): string[] {
  return names
    .filter((name) => flags[name as keyof HostFlags] !== undefined)
    .map((name) => `--${name}`);
}

/**
 * The photo host that flags of a host given without `--host` ask for: the host in effect with
 * their values in place of its own (`--s3-bucket other` alone: the same host, another bucket).
 * Undefined when there are none, or `--host` describes the whole host. Never ignored: a host the
 * organisation manages then refuses the change like any other, naming the organisation.
 * @throws UsageError when no host of their kind is in effect.
 */
export function editedHostFromFlags(
  flags: HostFlags,
  current: SettingsView['photoHost'],
): PhotoHostSettings | undefined {
  if (flags.host !== undefined) return undefined;
  const s3 = given(flags, S3_FLAGS);
  const published = given(flags, PUBLISHED_FLAGS);
  const names = [...s3, ...published];
  if (names.length === 0) return undefined;
  const listed =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  if (s3.length > 0 && published.length > 0)
    throw new UsageError(
      `${listed} are for different photo hosts: pass --host s3 or --host published with the flags of one`,
    );
  if (s3.length > 0) {
    if (current?.kind !== 's3')
      throw new UsageError(
        `${listed} ${names.length === 1 ? 'changes' : 'change'} the S3 photo host, and none is set up: pass --host s3 with --s3-region and --s3-bucket`,
      );
    const endpoint = flags['s3-endpoint'] ?? current.endpoint;
    const profile =
      flags['s3-profile'] !== undefined ? awsProfileName(flags['s3-profile']) : current.profile;
    return {
      kind: 's3',
      ...(endpoint !== undefined ? { endpoint } : {}),
      region: flags['s3-region'] ?? current.region,
      bucket: flags['s3-bucket'] ?? current.bucket,
      prefix: flags['s3-prefix'] ?? current.prefix,
      pathStyle: flags['s3-path-style'] ?? current.pathStyle,
      ...(profile !== undefined ? { profile } : {}),
    };
  }
  if (current?.kind !== 'published')
    throw new UsageError(
      `${listed} ${names.length === 1 ? 'changes' : 'change'} the published photo host, and none is set up: pass --host published with --published-root and --published-url`,
    );
  return {
    kind: 'published',
    root: flags['published-root'] ?? current.root,
    urlPrefix: flags['published-url'] ?? current.urlPrefix,
  };
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
