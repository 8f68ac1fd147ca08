import type { IpcCallInput } from '../../../shared/ipc/bridge';
import type { S3HostView } from '../../../shared/ipc/views';
import { organisationHostWithKeys } from '../settings/organisation-host-keys';

type PhotoHostInput = NonNullable<IpcCallInput<'settings:set'>['photoHost']>;

/** The kinds of photo host the guide offers. */
export type PhotoHostKind = 's3' | 'published';

/**
 * The photo host the Where photos go step's form describes, or what is missing in words. Keys
 * are sent only as a pair (one alone would be refused by the store).
 */
export function photoHostChange(
  kind: PhotoHostKind,
  typed: (name: string) => string,
  checked: (name: string) => boolean,
): { readonly ok: true; readonly host: PhotoHostInput } | { ok: false; message: string } {
  const text = (name: string) => typed(name).trim();
  if (kind === 'published') {
    const root = text('publishedRoot');
    const urlPrefix = text('publishedUrl');
    if (root === '' || urlPrefix === '')
      return { ok: false, message: 'Enter the folder and its web address: nothing was saved yet.' };
    return { ok: true, host: { kind, root, urlPrefix } };
  }
  const region = text('s3Region');
  const bucket = text('s3Bucket');
  const accessKeyId = text('s3AccessKeyId');
  const secretAccessKey = text('s3SecretAccessKey');
  if (region === '' || bucket === '')
    return { ok: false, message: 'Enter the region and the bucket: nothing was saved yet.' };
  if ((accessKeyId === '') !== (secretAccessKey === ''))
    return {
      ok: false,
      message: 'Enter both the access key id and the secret access key: nothing was saved yet.',
    };
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
 * change), or what is missing in words: both keys are needed, as uploads wait for them.
 */
export function organisationHostKeys(
  host: S3HostView,
  typed: (name: string) => string,
): { readonly ok: true; readonly host: PhotoHostInput } | { ok: false; message: string } {
  const accessKeyId = typed('s3AccessKeyId').trim();
  const secretAccessKey = typed('s3SecretAccessKey').trim();
  if (accessKeyId === '' || secretAccessKey === '')
    return {
      ok: false,
      message: 'Enter both the access key id and the secret access key: nothing was saved yet.',
    };
  return { ok: true, host: organisationHostWithKeys(host, { accessKeyId, secretAccessKey }) };
}
