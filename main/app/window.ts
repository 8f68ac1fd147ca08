import { BrowserWindow, session, shell, type WebContents } from 'electron';
import { PRODUCT_NAME } from '../../shared/domain/app-identity';
import { DEFAULT_WINDOW_SIZE, type WindowPlace } from '../core/window-place';
import { APP_ORIGIN } from './app-protocol';

/** Links the window may open in the user's browser: https only, no credentials in the URL. */
export function isVettedExternalLink(raw: string): boolean {
  if (!URL.canParse(raw)) return false;
  const url = new URL(raw);
  return url.protocol === 'https:' && url.username === '' && url.password === '';
}

/**
 * Hardens every web contents the app creates: no navigation away from the app, no new windows
 * (vetted https links go to the system browser), no webviews.
 */
export function hardenWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!url.startsWith(`${APP_ORIGIN}/`)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isVettedExternalLink(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

/** Refuses every permission (camera, notifications prompt, geolocation…): the app needs none. */
export function denyPermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false),
  );
  session.defaultSession.setPermissionCheckHandler(() => false);
  session.defaultSession.setDevicePermissionHandler(() => false);
}

/**
 * The app window: isolated, sandboxed, no Node, the UI from `app://renderer/`; at its remembered
 * place (see `restoredPlace`) or centred at the default size.
 */
export function createMainWindow(
  preloadPath: string,
  place: WindowPlace | undefined,
): BrowserWindow {
  const window = new BrowserWindow({
    title: PRODUCT_NAME,
    ...(place === undefined
      ? DEFAULT_WINDOW_SIZE
      : { x: place.x, y: place.y, width: place.width, height: place.height }),
    minWidth: 720,
    minHeight: 520,
    show: false,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: true,
    },
  });
  window.once('ready-to-show', () => {
    if (place?.maximized) window.maximize();
    window.show();
  });
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}
