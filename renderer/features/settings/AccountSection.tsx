import type { SettingsView } from '../../../shared/ipc/views';
import { useT, useWords } from '../../i18n/use-t';
import { AccountSession } from './AccountSession';
import { ChoiceGroup } from './ChoiceGroup';
import { LanguageField } from './LanguageField';
import { useManaged } from './managed-context';
import { ManagedNote } from './ManagedNote';

/** Settings › Account: the window's language, the sign-in, the service's addresses, client id and secret, the redirect. */
export function AccountSection({
  settings,
  secret,
  onSecretChange,
  onLanguageSaved,
}: {
  readonly settings: SettingsView;
  /** The language was saved (at once, outside the form's Save). */
  readonly onLanguageSaved: (saved: SettingsView) => void;
  /** The client secret being typed (write-only: the saved one is never shown). */
  readonly secret: string;
  readonly onSecretChange: (secret: string) => void;
}) {
  const t = useT();
  const said = useWords();
  const auth = useManaged('authUrl');
  const api = useManaged('baseUrl');
  const client = useManaged('clientId');
  const redirect = useManaged('redirect');
  return (
    <>
      <LanguageField chosen={settings.language} onSaved={onLanguageSaved} />
      <AccountSession />
      <label>
        {t('settings.account.authUrl')}
        <input
          name="authUrl"
          type="url"
          defaultValue={settings.authUrl ?? ''}
          readOnly={auth.managed}
          aria-describedby={auth.describedBy()}
        />
      </label>
      <ManagedNote field="authUrl" />
      <label>
        {t('settings.account.baseUrl')}
        <input
          name="baseUrl"
          type="url"
          defaultValue={settings.baseUrl ?? ''}
          readOnly={api.managed}
          aria-describedby={api.describedBy()}
        />
      </label>
      <ManagedNote field="baseUrl" />
      <label>
        {t('settings.account.clientId')}
        <input
          name="clientId"
          defaultValue={settings.clientId ?? ''}
          readOnly={client.managed}
          aria-describedby={client.describedBy()}
        />
      </label>
      <ManagedNote field="clientId" />
      <label>
        {t('settings.account.clientSecret', { stored: settings.hasClientSecret ? 'yes' : 'no' })}
        <input
          type="password"
          autoComplete="off"
          value={secret}
          onChange={(event) => onSecretChange(event.target.value)}
        />
      </label>
      {settings.redirectNote === undefined ? (
        <>
          <ChoiceGroup
            label={t('settings.account.redirect.label')}
            name="redirect"
            options={[
              { id: 'custom-scheme', name: t('settings.account.redirect.customScheme') },
              { id: 'loopback', name: t('settings.account.redirect.loopback') },
            ]}
            defaultValue={settings.redirect}
            isDisabled={redirect.managed}
            describedBy={redirect.describedBy()}
          />
          <ManagedNote field="redirect" />
        </>
      ) : (
        // This install cannot use its own link: say why instead of offering it.
        <p className="muted" role="note">
          {t('settings.account.redirect.onlyLoopback', { note: said(settings.redirectNote) })}
          <input type="hidden" name="redirect" value="loopback" />
        </p>
      )}
    </>
  );
}
