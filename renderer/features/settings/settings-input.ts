import type { IpcCallInput } from '../../../shared/ipc/bridge';
import type { SettingsView } from '../../../shared/ipc/views';
import { farMetersFrom } from './far-threshold';
import { withoutManaged } from './managed-fields';
import { uploadPaceFrom } from './upload-pace';

type SettingsInput = IpcCallInput<'settings:set'>;
type PhotoHostInput = NonNullable<SettingsInput['photoHost']>;

/** The kinds of photo host the form offers. */
export type HostKind = 's3' | 'published' | 'none';

/** A field's trimmed text; undefined when empty or absent. */
export type FieldText = (name: string) => string | undefined;

/** The photo host from the form; undefined leaves the saved one as it is. */
export function photoHostFrom(kind: HostKind, text: FieldText): PhotoHostInput | undefined {
  if (kind === 'published') {
    const root = text('publishedRoot');
    const urlPrefix = text('publishedUrl');
    return root && urlPrefix ? { kind, root, urlPrefix } : undefined;
  }
  if (kind !== 's3') return undefined;
  const region = text('s3Region');
  const bucket = text('s3Bucket');
  if (!region || !bucket) return undefined;
  const endpoint = text('s3Endpoint');
  const accessKeyId = text('s3AccessKeyId');
  const secretAccessKey = text('s3SecretAccessKey');
  return {
    kind,
    region,
    bucket,
    prefix: text('s3Prefix') ?? '',
    pathStyle: text('s3PathStyle') === 'on',
    ...(endpoint ? { endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : {}),
  };
}

/** What a Save sends, or why nothing is sent (`farProblem` goes next to the far-photo field). */
export type FormSettings =
  | { readonly ok: true; readonly input: SettingsInput }
  | { readonly ok: false; readonly message: string; readonly farProblem: string | undefined };

/**
 * The settings a Save sends, read from the whole form (every section), without the settings the
 * organisation manages; or the sentence that says which field needs fixing first.
 */
export function formSettings(
  form: FormData,
  saved: SettingsView,
  hostKind: HostKind,
  clientSecret: string,
): FormSettings {
  const text: FieldText = (name) => {
    const value = form.get(name);
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  const far = farMetersFrom(text('farMeters') ?? '');
  const farProblem = far.ok ? undefined : far.message;
  const pace = uploadPaceFrom(text('maxUploadRate') ?? '', text('uploadHours') ?? '');
  if (!pace.ok) return { ok: false, message: pace.message, farProblem };
  if (!far.ok)
    return {
      ok: false,
      message: 'Nothing was saved: the far-photo distance needs fixing.',
      farProblem,
    };
  const input: SettingsInput = {
    authUrl: text('authUrl'),
    baseUrl: text('baseUrl'),
    clientId: text('clientId'),
    clientSecret: clientSecret === '' ? undefined : clientSecret,
    redirect: text('redirect') === 'loopback' ? 'loopback' : 'custom-scheme',
    caFile: text('caFile'),
    concurrency: Number(text('concurrency') ?? saved.concurrency),
    assumedZone: text('assumedZone'),
    keepOriginals: form.get('keepOriginals') === 'on',
    watchSettleSeconds: Number(text('watchSettleSeconds') ?? saved.watchSettleSeconds),
    farMeters: far.meters,
    photoHost: photoHostFrom(hostKind, text),
    ...pace.change,
    pauseOnBattery: form.get('pauseOnBattery') === 'on',
    mapTileUrl: text('mapTileUrl'),
  };
  return { ok: true, input: withoutManaged(input, saved.managed) };
}
