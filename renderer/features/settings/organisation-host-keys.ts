import type { IpcCallInput } from '../../../shared/ipc/bridge';
import type { S3HostView, SettingsView } from '../../../shared/ipc/views';

type PhotoHostInput = NonNullable<IpcCallInput<'settings:set'>['photoHost']>;

/**
 * The organisation's S3 photo host when each person enters its keys (docs/policies.md): the
 * policy sets the host without an AWS profile. Undefined when the user sets the host, or the
 * host is not S3, or its credentials come from a profile (nothing to type then).
 */
export function hostNeedingOwnKeys(settings: SettingsView): S3HostView | undefined {
  const host = settings.photoHost;
  return settings.managed.includes('photoHost') && host?.kind === 's3' && host.profile === undefined
    ? host
    : undefined;
}

/**
 * The organisation's host as main shows it, with the keys typed for it: main takes the host as
 * an echo (no change to a managed setting) and keeps the keys in the keychain.
 */
export function organisationHostWithKeys(
  host: S3HostView,
  keys: { readonly accessKeyId: string; readonly secretAccessKey: string },
): PhotoHostInput {
  return {
    kind: 's3',
    ...(host.endpoint === undefined ? {} : { endpoint: host.endpoint }),
    region: host.region,
    bucket: host.bucket,
    prefix: host.prefix,
    pathStyle: host.pathStyle,
    accessKeyId: keys.accessKeyId,
    secretAccessKey: keys.secretAccessKey,
  };
}
