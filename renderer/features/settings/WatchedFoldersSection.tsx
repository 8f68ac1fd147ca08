import {
  MAX_WATCH_SETTLE_SECONDS,
  MIN_WATCH_SETTLE_SECONDS,
} from '../../../shared/domain/watch-rule';
import type { SettingsView } from '../../../shared/ipc/views';
import { useT } from '../../i18n/use-t';
import { SPACE } from '../../i18n/inline-space';
import { useManaged } from './managed-context';
import { ManagedNote } from './ManagedNote';
import { WatchFolders } from './WatchFolders';

/**
 * Settings › Watched folders: the settle time, start at login (the folders are watched only
 * while the app runs), then the folders and their rules.
 */
export function WatchedFoldersSection({ settings }: { readonly settings: SettingsView }) {
  const t = useT();
  const settle = useManaged('watchSettleSeconds');
  return (
    <>
      <label>
        {t('settings.watch.settle.label')}
        <input
          name="watchSettleSeconds"
          type="number"
          min={MIN_WATCH_SETTLE_SECONDS}
          max={MAX_WATCH_SETTLE_SECONDS}
          step={1}
          defaultValue={settings.watchSettleSeconds}
          readOnly={settle.managed}
          aria-describedby={settle.describedBy('watch-settle-help')}
        />
      </label>
      <ManagedNote field="watchSettleSeconds" />
      <p id="watch-settle-help" className="muted">
        {t('settings.watch.settle.help', {
          min: MIN_WATCH_SETTLE_SECONDS,
          max: MAX_WATCH_SETTLE_SECONDS,
        })}
      </p>
      <label>
        <input
          name="startAtLogin"
          type="checkbox"
          defaultChecked={settings.startAtLogin}
          aria-describedby="start-at-login-help"
        />
        {SPACE}
        {t('settings.watch.startAtLogin.label')}
      </label>
      <p id="start-at-login-help" className="muted">
        {t('settings.watch.startAtLogin.help')}
      </p>
      <WatchFolders settleSeconds={settings.watchSettleSeconds} />
    </>
  );
}
