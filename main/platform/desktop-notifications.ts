import { Notification } from 'electron';
import { PRODUCT_NAME } from '../../shared/domain/app-identity';
import { batchNotice } from '../../shared/domain/queue-notice';
import type { AppCore } from '../core/app-core';

/**
 * Tells the desktop when a batch finishes or items come to need attention, so that a user who
 * switched to other work hears of it. The window shows the same words.
 */
export function notifyBatchChanges(core: AppCore): () => void {
  let last: Parameters<typeof batchNotice>[0];
  return core.onEvent((event, payload) => {
    if (event !== 'queue:changed') return;
    const change = payload as Parameters<typeof batchNotice>[1];
    const body = batchNotice(last, change);
    last = change;
    if (body !== undefined && Notification.isSupported())
      new Notification({ title: PRODUCT_NAME, body, silent: false }).show();
  });
}
