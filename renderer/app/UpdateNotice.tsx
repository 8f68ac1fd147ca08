import { useEffect, useState } from 'react';
import type { UpdateView } from '../../shared/ipc/views';
import { useBridge } from '../bridge/hooks';
import { useT } from '../i18n/use-t';

/** The app's update as main tells it: asked once, then every `updates:changed`. */
export function useUpdate(): UpdateView | undefined {
  const bridge = useBridge();
  const [update, setUpdate] = useState<UpdateView>();
  useEffect(() => {
    // The first answer may come after an event that is newer than it: the event wins.
    let told = false;
    const stop = bridge.on('updates:changed', (view) => {
      told = true;
      setUpdate(view);
    });
    void bridge.invoke('updates:get', {}).then((result) => {
      if (result.ok && !told) setUpdate(result.value);
    });
    return stop;
  }, [bridge]);
  return update;
}

/**
 * A calm line under the top bar when there is news of the app's own update ("Version 1.2.0 is
 * ready · Restart to update (waits for 3 uploads)"); nothing when updates are off or it is up to
 * date. The window only asks: main decides when the restart is safe (issue 25 §3).
 */
export function UpdateNotice() {
  const bridge = useBridge();
  const t = useT();
  const update = useUpdate();
  // Main's answer to a click holds until main tells something newer. It is kept with the view it
  // answered, not cleared by an effect: a clearing effect still pending from the last news could
  // run after the answer and wipe it (seen on a busy machine).
  const [answer, setAnswer] = useState<{
    readonly to: UpdateView | undefined;
    readonly view: UpdateView;
  }>();
  const view = answer !== undefined && answer.to === update ? answer.view : update;
  if (view?.notice === undefined) return null;
  const action = view.action;
  return (
    <div className={view.problem ? 'app-update problem' : 'app-update'} role="status">
      <span>{t(view.notice.key, view.notice.values)}</span>
      {action ? (
        <button
          type="button"
          className="primary"
          onClick={() =>
            void bridge
              .invoke(action.kind === 'restart' ? 'updates:restart' : 'updates:download', {})
              .then((result) => {
                if (result.ok) setAnswer({ to: update, view: result.value });
              })
          }
        >
          {t(action.label.key, action.label.values)}
        </button>
      ) : null}
    </div>
  );
}
