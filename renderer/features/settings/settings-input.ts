import { awsProfileNameSchema } from '../../../shared/domain/aws-profile';
import type { Words } from '../../../shared/i18n/translator';
import type { IpcCallInput } from '../../../shared/ipc/bridge';
import type { SettingsView } from '../../../shared/ipc/views';
import { farMetersFrom } from './far-threshold';
import { withoutManaged } from './managed-fields';
import { hostNeedingOwnKeys, organisationHostWithKeys } from './organisation-host-keys';
import { uploadPaceFrom } from './upload-pace';

type SettingsInput = IpcCallInput<'settings:set'>;
type PhotoHostInput = NonNullable<SettingsInput['photoHost']>;

/** The kinds of photo host the form offers. */
export type HostKind = 's3' | 'published' | 'none';

/**
 * The start-at-login choice to save: the box's state when the user changed it from what was
 * shown (the saved choice, or the default that follows the watched folders); else nothing, so
 * the default keeps following them.
 */
export function startAtLoginChange(checked: boolean, shown: boolean): { startAtLogin?: boolean } {
  return checked === shown ? {} : { startAtLogin: checked };
}

/** A field's trimmed text; undefined when empty or absent. */
export type FieldText = (name: string) => string | undefined;

/** Where an S3 photo host's credentials come from: keys in the keychain, or an AWS profile. */
export type CredentialSource = 'keychain' | 'profile';

/** The AWS profile chosen for an S3 host's credentials: its name, or why it cannot be saved. */
function chosenProfile(
  kind: HostKind,
  text: FieldText,
): { readonly name: string | undefined; readonly problem: Words | undefined } {
  if (kind !== 's3' || text('s3Credentials') !== 'profile')
    return { name: undefined, problem: undefined };
  const typed = text('s3Profile');
  if (typed === undefined)
    return {
      name: undefined,
      problem: { key: 'settings.storage.profile.missing' },
    };
  // The same check main makes, so the words come next to the field instead of after a round trip.
  const checked = awsProfileNameSchema.safeParse(typed);
  return checked.success
    ? { name: checked.data, problem: undefined }
    : { name: undefined, problem: { key: 'settings.storage.profile.invalid' } };
}

/**
 * Why the AWS profile name typed for the S3 host cannot be saved; undefined when it can, or when
 * the host takes its keys from the keychain.
 */
export function awsProfileProblem(kind: HostKind, text: FieldText): Words | undefined {
  return chosenProfile(kind, text).problem;
}

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
  const profile = chosenProfile(kind, text);
  // A profile that cannot be saved leaves the saved host as it is (`formSettings` says why).
  if (profile.problem !== undefined) return undefined;
  // With a profile no keys are sent: its credentials come from the computer's AWS configuration.
  const accessKeyId = profile.name === undefined ? text('s3AccessKeyId') : undefined;
  const secretAccessKey = profile.name === undefined ? text('s3SecretAccessKey') : undefined;
  return {
    kind,
    region,
    bucket,
    prefix: text('s3Prefix') ?? '',
    pathStyle: text('s3PathStyle') === 'on',
    ...(endpoint ? { endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : {}),
    ...(profile.name !== undefined ? { profile: profile.name } : {}),
  };
}

/**
 * The organisation's S3 photo host with the keys typed for it, or undefined when none were typed
 * (or it takes its credentials from an AWS profile): only the keys are new.
 */
export function managedHostKeys(saved: SettingsView, text: FieldText): PhotoHostInput | undefined {
  const host = hostNeedingOwnKeys(saved);
  const accessKeyId = text('s3AccessKeyId');
  const secretAccessKey = text('s3SecretAccessKey');
  if (host === undefined || !accessKeyId || !secretAccessKey) return undefined;
  return organisationHostWithKeys(host, { accessKeyId, secretAccessKey });
}

/**
 * What a Save sends, or why nothing is sent (`farProblem` goes next to the far-photo field,
 * `profileProblem` next to the S3 host's AWS profile name).
 */
export type FormSettings =
  | { readonly ok: true; readonly input: SettingsInput }
  | {
      readonly ok: false;
      readonly message: Words;
      readonly farProblem: Words | undefined;
      readonly profileProblem: Words | undefined;
    };

/**
 * The settings a Save sends, read from the whole form (every section), without the settings the
 * organisation manages (but with the keys typed for its photo host); or the words that say which
 * field needs fixing first.
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
  const profileProblem = awsProfileProblem(hostKind, text);
  const pace = uploadPaceFrom(text('maxUploadRate') ?? '', text('uploadHours') ?? '');
  if (!pace.ok) return { ok: false, message: pace.message, farProblem, profileProblem };
  if (!far.ok)
    return {
      ok: false,
      message: { key: 'settings.save.farProblem' },
      farProblem,
      profileProblem,
    };
  if (profileProblem !== undefined)
    return {
      ok: false,
      message: { key: 'settings.save.profileProblem' },
      farProblem,
      profileProblem,
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
    // Sent only when changed: unset, it follows the watched folders (on once there is one).
    ...startAtLoginChange(form.get('startAtLogin') === 'on', saved.startAtLogin),
  };
  const ownKeys = managedHostKeys(saved, text);
  return {
    ok: true,
    input: {
      ...withoutManaged(input, saved.managed),
      ...(ownKeys === undefined ? {} : { photoHost: ownKeys }),
    },
  };
}
