import { APP_SCHEME } from '../../shared/ipc/bridge';

/** The window's own origin: the renderer is served from here, never from `file://`. */
export const APP_ORIGIN = `${APP_SCHEME}://renderer`;

/** What happens to an address the window tries to go to (a link, a redirect, `window.open`). */
export type NavigationDecision =
  /** One of the app's own pages: the window goes there. */
  | { readonly kind: 'stay' }
  /** A vetted link: the window stays, the user's browser opens it. */
  | { readonly kind: 'open-in-browser'; readonly url: string }
  /** Anything else: nothing happens. */
  | { readonly kind: 'refuse' };

/** Links the window may open in the user's browser: https only, no credentials in the URL. */
export function isVettedExternalLink(raw: string): boolean {
  if (!URL.canParse(raw)) return false;
  const url = new URL(raw);
  return url.protocol === 'https:' && url.username === '' && url.password === '';
}

/** Whether `raw` is a page of the app's own origin. */
function isAppPage(raw: string): boolean {
  return raw.startsWith(`${APP_ORIGIN}/`);
}

/**
 * A navigation of the window (`will-navigate`: a link clicked, `location` set): the window stays
 * within the app; a vetted link (the map's attribution, say) opens in the user's browser instead,
 * everything else is refused.
 */
export function navigationDecision(url: string): NavigationDecision {
  if (isAppPage(url)) return { kind: 'stay' };
  return isVettedExternalLink(url) ? { kind: 'open-in-browser', url } : { kind: 'refuse' };
}

/**
 * A redirect (`will-redirect`): only within the app. A redirect is the server's doing, not the
 * user's click, so it never opens the browser.
 */
export function redirectDecision(url: string): NavigationDecision {
  return isAppPage(url) ? { kind: 'stay' } : { kind: 'refuse' };
}

/** A new window (`window.open`, `target="_blank"`): never made; a vetted link opens outside. */
export function newWindowDecision(url: string): NavigationDecision {
  return isVettedExternalLink(url) ? { kind: 'open-in-browser', url } : { kind: 'refuse' };
}
