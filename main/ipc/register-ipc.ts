import { ipcMain, type BrowserWindow, type WebFrameMain } from 'electron';
import { DROP_CHANNEL, eventChannel } from '../../shared/ipc/bridge';
import { ipcCalls, type IpcChannel } from '../../shared/ipc/contract';
import { createIpcDispatcher } from '../../shared/ipc/dispatcher';
import { isWindowName } from '../../shared/ipc/channels';
import type { AppCore } from '../core/app-core';
import { receiveDrop, type WindowFrontEnd } from '../desktop/window-front-end';
import type { Logger } from '../logging/logger';
import { APP_ORIGIN } from '../app/app-protocol';

/** A call is trusted only from the app window's own top frame, showing the app's own page. */
function isTrustedFrame(frame: WebFrameMain | null, window: BrowserWindow): boolean {
  return (
    frame !== null &&
    !window.isDestroyed() &&
    frame === window.webContents.mainFrame &&
    frame.url.startsWith(`${APP_ORIGIN}/`)
  );
}

/**
 * The one place IPC handlers are registered: every listed call goes through the shared
 * dispatcher (sender check, input schema, errors as `{ok:false, code, message}`), and every core
 * event is forwarded to the window. Returns the function that undoes it all.
 */
export function registerIpc(
  core: AppCore,
  window: BrowserWindow,
  frontEnd: WindowFrontEnd,
  logger: Logger,
): () => void {
  const handlers = core.handlersFor(frontEnd);
  const dispatch = createIpcDispatcher(handlers, (channel, error) =>
    logger.error('IPC call failed unexpectedly', { channel, error }),
  );
  const channels = (Object.keys(ipcCalls) as IpcChannel[]).filter(isWindowName);
  for (const channel of channels)
    ipcMain.handle(channel, (event, input: unknown) =>
      dispatch(channel, input, { trusted: isTrustedFrame(event.senderFrame, window) }),
    );
  // The preload's own channel for dropped files: their paths come from Electron, not the page.
  ipcMain.handle(DROP_CHANNEL, (event, input: unknown) =>
    receiveDrop(
      frontEnd,
      handlers,
      input,
      { trusted: isTrustedFrame(event.senderFrame, window) },
      (error) => logger.error('a drop failed unexpectedly', { error }),
      (path) => core.openSetupFile(path, frontEnd),
    ),
  );
  const stopEvents = core.onEvent((event, payload) => {
    if (!window.isDestroyed() && isWindowName(event))
      window.webContents.send(eventChannel(event), payload);
  });
  return () => {
    stopEvents();
    for (const channel of channels) ipcMain.removeHandler(channel);
    ipcMain.removeHandler(DROP_CHANNEL);
  };
}
