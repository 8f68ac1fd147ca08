import { useState } from 'react';
import type { Words } from '../../../shared/i18n/translator';
import type { S3HostView } from '../../../shared/ipc/views';
import { useT, useWords } from '../../i18n/use-t';
import { SPACE } from '../../i18n/inline-space';
import type { CredentialSource } from './settings-input';

/**
 * Where an S3 photo host's credentials come from (issue 23 §3): keys stored in the keychain
 * (typed here, never shown back: only whether they are stored), or a named AWS profile that IT
 * already manages on the computer, with the reason a typed name was refused right under it.
 */
export function S3CredentialsFields({
  saved,
  profileProblem,
  keysApart = false,
}: {
  /** The saved S3 host; undefined when the host was not S3 before. */
  readonly saved: S3HostView | undefined;
  /**
   * The key fields are shown elsewhere (`S3KeyFields` outside the organisation's read-only
   * photo host, whose keys each person enters).
   */
  readonly keysApart?: boolean;
  /** Why the profile name typed was not saved; undefined when there is nothing wrong. */
  readonly profileProblem: Words | undefined;
}) {
  const t = useT();
  const words = useWords();
  const [source, setSource] = useState<CredentialSource>(
    saved?.profile === undefined ? 'keychain' : 'profile',
  );
  return (
    <>
      <fieldset>
        <legend>{t('settings.storage.credentials.legend')}</legend>
        <label className="inline">
          <input
            type="radio"
            name="s3Credentials"
            value="keychain"
            checked={source === 'keychain'}
            onChange={() => setSource('keychain')}
          />
          {SPACE}
          {t('settings.storage.credentials.keychain')}
        </label>
        <label className="inline">
          <input
            type="radio"
            name="s3Credentials"
            value="profile"
            checked={source === 'profile'}
            onChange={() => setSource('profile')}
          />
          {SPACE}
          {t('settings.storage.credentials.profile')}
        </label>
      </fieldset>
      {source === 'keychain' ? (
        keysApart ? null : (
          <S3KeyFields hasKeys={saved?.hasKeys ?? false} />
        )
      ) : (
        <>
          <label>
            {t('settings.storage.profile.label')}
            <input
              name="s3Profile"
              autoComplete="off"
              spellCheck={false}
              defaultValue={saved?.profile ?? ''}
              aria-invalid={profileProblem !== undefined}
              aria-describedby={
                profileProblem === undefined
                  ? 's3-profile-help'
                  : 's3-profile-problem s3-profile-help'
              }
            />
          </label>
          {profileProblem === undefined ? null : (
            <p id="s3-profile-problem" role="alert">
              {words(profileProblem)}
            </p>
          )}
          <p id="s3-profile-help" className="muted">
            {t('settings.storage.profile.help')}
          </p>
        </>
      )}
    </>
  );
}

/**
 * The two keys of an S3 photo host, typed and never shown back: only whether they are stored.
 * Sent only as a pair (`photoHostFrom`, `managedHostKeys`).
 */
export function S3KeyFields({ hasKeys }: { readonly hasKeys: boolean }) {
  const t = useT();
  return (
    <>
      <label>
        {t('settings.storage.keys.accessKeyId', { stored: hasKeys ? 'yes' : 'no' })}
        <input name="s3AccessKeyId" autoComplete="off" />
      </label>
      <label>
        {t('settings.storage.keys.secretAccessKey')}
        <input name="s3SecretAccessKey" type="password" autoComplete="off" />
      </label>
    </>
  );
}
