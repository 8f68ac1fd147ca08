import type { Words } from '../../../shared/i18n/translator';
import type { SettingsView } from '../../../shared/ipc/views';
import { useT } from '../../i18n/use-t';
import { SPACE } from '../../i18n/inline-space';
import { useManaged } from './managed-context';
import { ChoiceGroup } from './ChoiceGroup';
import { ManagedNote } from './ManagedNote';
import { S3CredentialsFields, S3KeyFields } from './S3CredentialsFields';
import { hostNeedingOwnKeys } from './organisation-host-keys';
import type { HostKind } from './settings-input';

/**
 * Settings › Photo storage: where photos are put for the service to fetch (an S3-compatible
 * bucket, its credentials from the keychain or an AWS profile, or a folder a web server
 * publishes), and its round-trip test. A photo host the organisation sets is shown whole and
 * read-only; its test can still be run.
 */
export function PhotoStorageSection({
  settings,
  hostKind,
  onHostKindChange,
  profileProblem,
  testing,
  onTest,
}: {
  readonly settings: SettingsView;
  readonly hostKind: HostKind;
  readonly onHostKindChange: (kind: HostKind) => void;
  /** Why the AWS profile name typed was not saved; undefined when there is nothing wrong. */
  readonly profileProblem: Words | undefined;
  /** A round trip is under way: the test button waits for it. */
  readonly testing: boolean;
  readonly onTest: () => void;
}) {
  const t = useT();
  const managed = useManaged('photoHost');
  const s3 = settings.photoHost?.kind === 's3' ? settings.photoHost : undefined;
  const published = settings.photoHost?.kind === 'published' ? settings.photoHost : undefined;
  // The organisation sets the host, but its keys are each person's (docs/policies.md): they are
  // typed outside the read-only host, unless the host takes them from an AWS profile.
  const ownKeys = hostNeedingOwnKeys(settings);
  return (
    <>
      <fieldset disabled={managed.managed} aria-describedby={managed.describedBy()}>
        <legend>{t('settings.storage.legend')}</legend>
        <ManagedNote field="photoHost" />
        <ChoiceGroup<HostKind>
          label={t('settings.storage.kind.label')}
          options={[
            { id: 'none', name: t('settings.storage.kind.none') },
            { id: 's3', name: t('settings.storage.kind.s3') },
            { id: 'published', name: t('settings.storage.kind.published') },
          ]}
          value={hostKind}
          onChange={onHostKindChange}
          isDisabled={managed.managed}
        />
        {hostKind === 's3' ? (
          <>
            <label>
              {t('settings.storage.s3.endpoint')}
              <input name="s3Endpoint" type="url" defaultValue={s3?.endpoint ?? ''} />
            </label>
            <label>
              {t('settings.storage.s3.region')}
              <input name="s3Region" defaultValue={s3?.region ?? ''} />
            </label>
            <label>
              {t('settings.storage.s3.bucket')}
              <input name="s3Bucket" defaultValue={s3?.bucket ?? ''} />
            </label>
            <label>
              {t('settings.storage.s3.prefix')}
              <input name="s3Prefix" defaultValue={s3?.prefix ?? ''} />
            </label>
            <label className="inline">
              <input name="s3PathStyle" type="checkbox" defaultChecked={s3?.pathStyle ?? false} />
              {SPACE}
              {t('settings.storage.s3.pathStyle')}
            </label>
            <S3CredentialsFields
              saved={s3}
              profileProblem={profileProblem}
              keysApart={ownKeys !== undefined}
            />
          </>
        ) : null}
        {hostKind === 'published' ? (
          <>
            <label>
              {t('settings.storage.published.root')}
              <input name="publishedRoot" defaultValue={published?.root ?? ''} />
            </label>
            <label>
              {t('settings.storage.published.url')}
              <input name="publishedUrl" type="url" defaultValue={published?.urlPrefix ?? ''} />
            </label>
          </>
        ) : null}
      </fieldset>
      {ownKeys !== undefined ? (
        <fieldset aria-describedby="s3-own-keys-help">
          <legend>{t('settings.storage.ownKeys.legend')}</legend>
          <p id="s3-own-keys-help" className="muted">
            {t('settings.storage.ownKeys.help', { stored: ownKeys.hasKeys ? 'yes' : 'no' })}
          </p>
          <S3KeyFields hasKeys={ownKeys.hasKeys} />
        </fieldset>
      ) : null}
      <button type="button" onClick={onTest} disabled={testing}>
        {t('settings.storage.test')}
      </button>
    </>
  );
}
