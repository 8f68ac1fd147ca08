import { Notification } from 'electron';
import { createTranslator } from '../../shared/i18n/translator';
import type { AppCore } from '../core/app-core';
import { batchNotification } from '../desktop/batch-notification';

/**
 * Tells the desktop, in the app's language, when a batch finishes or items come to need
 * attention, so that a user who switched to other work hears of it. The window shows the same.
 */
export function notifyBatchChanges(core: AppCore): () => void {
  let last: Parameters<typeof batchNotification>[0];
  return core.onEvent((event, payload) => {
    if (event !== 'queue:changed') return;
    const change = payload as Parameters<typeof batchNotification>[1];
    // The catalog is opened only when there is something to say.
    const notice = batchNotification(last, change, (key, values) =>
      createTranslator(core.locale()).t(key, values),
    );
    last = change;
    if (notice !== undefined && Notification.isSupported())
      new Notification({ ...notice, silent: false }).show();
  });
}
