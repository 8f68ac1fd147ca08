import { BrowserWindow, session, shell, type WebContents } from 'electron';
import { PRODUCT_NAME } from '../../shared/domain/app-identity';
import { DEFAULT_WINDOW_SIZE, type WindowPlace } from '../desktop/window-place';
import {
  type AllowedLinks,
  APP_ORIGIN,
  type NavigationDecision,
  navigationDecision,
  newWindowDecision,
  redirectDecision,
  refusedLinkHost,
} from '../core/navigation-rules';
import type { Translate } from '../../shared/i18n/translator';
import { showContextMenus } from './context-menu';

/** Which links may leave the window now (from the current settings), and where refusals are told. */
export type LinkPolicy = {
  readonly allowed: () => AllowedLinks;
  /** A refused address, by its host only. */
  readonly refused: (host: string) => void;
};

/** Lets a navigation happen, or stops it (and opens an allowed link in the user's browser). */
function follow(
  decision: NavigationDecision,
  url: string,
  event: { preventDefault(): void },
  links: LinkPolicy,
): void {
  if (decision.kind === 'stay') return;
  event.preventDefault();
  if (decision.kind === 'open-in-browser') void shell.openExternal(decision.url);
  else links.refused(refusedLinkHost(url));
}

/**
 * Hardens every web contents the app creates: no navigation away from the app, no new windows,
 * no webviews; an allowed https link (the map's attribution, a page of the configured service),
 * clicked or opened as a window, goes to the system browser (the rules:
 * `main/core/navigation-rules.ts`).
 */
export function hardenWebContents(contents: WebContents, links: LinkPolicy): void {
  contents.on('will-navigate', (event, url) =>
    follow(navigationDecision(url, links.allowed()), url, event, links),
  );
  contents.on('will-redirect', (event, url) => follow(redirectDecision(url), url, event, links));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    follow(
      newWindowDecision(url, links.allowed()),
      url,
      { preventDefault: () => undefined },
      links,
    );
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
 * place (see `restoredPlace`) or centred at the default size; its context menu in the words `words`
 * gives at the time of the click.
 */
export function createMainWindow(
  preloadPath: string,
  place: WindowPlace | undefined,
  words: () => Translate,
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
  // Spellcheck marks words; the context menu offers the suggestions and the editing commands.
  showContextMenus(window.webContents, words);
  window.once('ready-to-show', () => {
    if (place?.maximized) window.maximize();
    window.show();
  });
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}
