import {
  MAX_WATCH_SETTLE_SECONDS,
  MIN_WATCH_SETTLE_SECONDS,
} from '../../../shared/domain/watch-rule';
import type { SettingsView } from '../../../shared/ipc/views';
import { useManaged } from './managed-context';
import { ManagedNote } from './ManagedNote';
import { WatchFolders } from './WatchFolders';

/** Settings › Watched folders: the settle time, then the folders and their rules. */
export function WatchedFoldersSection({ settings }: { readonly settings: SettingsView }) {
  const settle = useManaged('watchSettleSeconds');
  return (
    <>
      <label>
        Settle time (seconds)
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
        A photo in a watched folder is taken in once its size and time have not changed for this
        long ({MIN_WATCH_SETTLE_SECONDS} to {MAX_WATCH_SETTLE_SECONDS} seconds).
      </p>
      <WatchFolders settleSeconds={settings.watchSettleSeconds} />
    </>
  );
}
