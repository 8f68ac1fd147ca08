import type { Words } from '../../../shared/i18n/translator';
import type { IpcCallInput } from '../../../shared/ipc/bridge';
import type { S3HostView } from '../../../shared/ipc/views';
import { organisationHostWithKeys } from '../settings/organisation-host-keys';

type PhotoHostInput = NonNullable<IpcCallInput<'settings:set'>['photoHost']>;

/** The photo host a form describes, or what is missing (a message). */
type CheckedHost =
  | { readonly ok: true; readonly host: PhotoHostInput }
  | { readonly ok: false; readonly problem: Words };

const MISSING_KEYS: Words = { key: 'firstRun.photos.missing.keys' };

/** The kinds of photo host the guide offers. */
export type PhotoHostKind = 's3' | 'published';

/**
 * The photo host the Where photos go step's form describes, or what is missing. Keys are sent
 * only as a pair (one alone would be refused by the store).
 */
export function photoHostChange(
  kind: PhotoHostKind,
  typed: (name: string) => string,
  checked: (name: string) => boolean,
): CheckedHost {
  const text = (name: string) => typed(name).trim();
  if (kind === 'published') {
    const root = text('publishedRoot');
    const urlPrefix = text('publishedUrl');
    if (root === '' || urlPrefix === '')
      return { ok: false, problem: { key: 'firstRun.photos.missing.published' } };
    return { ok: true, host: { kind, root, urlPrefix } };
  }
  const region = text('s3Region');
  const bucket = text('s3Bucket');
  const accessKeyId = text('s3AccessKeyId');
  const secretAccessKey = text('s3SecretAccessKey');
  if (region === '' || bucket === '')
    return { ok: false, problem: { key: 'firstRun.photos.missing.regionAndBucket' } };
  if ((accessKeyId === '') !== (secretAccessKey === ''))
    return { ok: false, problem: MISSING_KEYS };
  const endpoint = text('s3Endpoint');
  return {
    ok: true,
    host: {
      kind,
      region,
      bucket,
      prefix: text('s3Prefix'),
      pathStyle: checked('s3PathStyle'),
      ...(endpoint === '' ? {} : { endpoint }),
      ...(accessKeyId === '' ? {} : { accessKeyId, secretAccessKey }),
    },
  };
}

/**
 * The organisation's S3 host with the keys typed for it (the host itself is not the user's to
 * change), or what is missing: both keys are needed, as uploads wait for them.
 */
export function organisationHostKeys(
  host: S3HostView,
  typed: (name: string) => string,
): CheckedHost {
  const accessKeyId = typed('s3AccessKeyId').trim();
  const secretAccessKey = typed('s3SecretAccessKey').trim();
  if (accessKeyId === '' || secretAccessKey === '') return { ok: false, problem: MISSING_KEYS };
  return { ok: true, host: organisationHostWithKeys(host, { accessKeyId, secretAccessKey }) };
}
