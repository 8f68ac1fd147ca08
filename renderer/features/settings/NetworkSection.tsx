import type { SettingsView } from '../../../shared/ipc/views';
import { useManaged } from './managed-context';
import { ManagedNote } from './ManagedNote';

/** Settings › Network: how the proxy is found, and extra certificate authorities to trust. */
export function NetworkSection({ settings }: { readonly settings: SettingsView }) {
  const ca = useManaged('caFile');
  return (
    <>
      <p>
        Proxy: the app uses this computer’s own proxy settings, as the system browser does
        (including a proxy configuration script or automatic detection). The command line uses
        HTTPS_PROXY, HTTP_PROXY and NO_PROXY.
      </p>
      <label>
        Extra certificate authorities (a PEM file)
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
        Only where the network checks secure connections with your organisation’s own certificate:
        the full path of the PEM file of its certificate authorities, trusted besides this
        computer’s. Most networks need none.
      </p>
    </>
  );
}
