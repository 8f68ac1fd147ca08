import type { SettingsView } from '../../../shared/ipc/views';
import { useT } from '../../i18n/use-t';
import { useManaged } from './managed-context';
import { ManagedNote } from './ManagedNote';

/** Settings › Network: how the proxy is found, and extra certificate authorities to trust. */
export function NetworkSection({ settings }: { readonly settings: SettingsView }) {
  const t = useT();
  const ca = useManaged('caFile');
  return (
    <>
      <p>{t('settings.network.proxy')}</p>
      <label>
        {t('settings.network.caFile')}
        <input
          name="caFile"
          defaultValue={settings.caFile ?? ''}
          spellCheck={false}
          readOnly={ca.managed}
          aria-describedby={ca.describedBy('ca-file-help')}
        />
      </label>
      <ManagedNote field="caFile" />
      <p id="ca-file-help" className="muted">
        {t('settings.network.caFileHelp')}
      </p>
    </>
  );
}
