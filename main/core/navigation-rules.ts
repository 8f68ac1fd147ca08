import { TILE_ATTRIBUTION_LINKS } from '../../shared/domain/map-attribution';
import { printable } from '../../shared/domain/printable-text';
import { isLoopbackHostname } from '../../shared/domain/secure-address';
import { APP_SCHEME } from '../../shared/ipc/bridge';

/** The window's own origin: the renderer is served from here, never from `file://`. */
export const APP_ORIGIN = `${APP_SCHEME}://renderer`;

/** What happens to an address the window tries to go to (a link, a redirect, `window.open`). */
export type NavigationDecision =
  /** One of the app's own pages: the window goes there. */
  | { readonly kind: 'stay' }
  /** An allowed link: the window stays, the user's browser opens it. */
  | { readonly kind: 'open-in-browser'; readonly url: string }
  /** Anything else: nothing happens. */
  | { readonly kind: 'refuse' };

/**
 * The pages the window may open in the user's browser: the map attribution's links, exactly, and
 * any page of the configured Photo Service's own web origins (a photo's `photo_url`, say).
 */
export type AllowedLinks = {
  readonly exact: ReadonlySet<string>;
  readonly origins: ReadonlySet<string>;
};

/**
 * The origin of the service at `address`: https, or http on this computer (a service the app
 * accepts only there, such as the local simulator), so its photo pages open as a real one's do.
 */
function serviceOrigin(address: string | undefined): string | undefined {
  if (address === undefined || !URL.canParse(address)) return undefined;
  const url = new URL(address);
  if (url.protocol === 'https:') return url.origin;
  return url.protocol === 'http:' && isLoopbackHostname(url.hostname) ? url.origin : undefined;
}

/**
 * The links allowed out of the window with the service these settings name: its API and sign-in
 * origins (where its own pages live), and the map attribution's links. Anything else, any https
 * page included, is refused: a compromised window, or a link in a description the service
 * passed on, must not open a page of its choosing (a fake sign-in page) in the user's browser.
 */
export function allowedLinks(settings: {
  readonly baseUrl?: string | undefined;
  readonly authUrl?: string | undefined;
}): AllowedLinks {
  const origins = [serviceOrigin(settings.baseUrl), serviceOrigin(settings.authUrl)].filter(
    (origin): origin is string => origin !== undefined,
  );
  return {
    exact: new Set(Object.values(TILE_ATTRIBUTION_LINKS).map((link) => new URL(link).href)),
    origins: new Set(origins),
  };
}

/**
 * Whether the window may open `raw` in the user's browser: no credentials in it, and one of the
 * allowed links (see `allowedLinks`): https, or http only on a loopback service's own origin.
 */
export function isAllowedExternalLink(raw: string, allowed: AllowedLinks): boolean {
  if (!URL.canParse(raw)) return false;
  const url = new URL(raw);
  if (url.username !== '' || url.password !== '') return false;
  if (url.protocol === 'http:') return allowed.origins.has(url.origin);
  if (url.protocol !== 'https:') return false;
  return allowed.exact.has(url.href) || allowed.origins.has(url.origin);
}

/**
 * A refused address as the log names it: its host only (a path or a query could carry a token),
 * or its scheme when it has no host.
 */
export function refusedLinkHost(raw: string): string {
  if (!URL.canParse(raw)) return '(unreadable)';
  const url = new URL(raw);
  return url.hostname !== '' ? printable(url.hostname) : `(${printable(url.protocol)})`;
}

/** Whether `raw` is a page of the app's own origin. */
function isAppPage(raw: string): boolean {
  return raw.startsWith(`${APP_ORIGIN}/`);
}

/**
 * A navigation of the window (`will-navigate`: a link clicked, `location` set): the window stays
 * within the app; an allowed link (the map's attribution, a page of the service) opens in the
 * user's browser instead, everything else is refused.
 */
export function navigationDecision(url: string, allowed: AllowedLinks): NavigationDecision {
  if (isAppPage(url)) return { kind: 'stay' };
  return isAllowedExternalLink(url, allowed)
    ? { kind: 'open-in-browser', url }
    : { kind: 'refuse' };
}

/**
 * A redirect (`will-redirect`): only within the app. A redirect is the server's doing, not the
 * user's click, so it never opens the browser.
 */
export function redirectDecision(url: string): NavigationDecision {
  return isAppPage(url) ? { kind: 'stay' } : { kind: 'refuse' };
}

/** A new window (`window.open`, `target="_blank"`): never made; an allowed link opens outside. */
export function newWindowDecision(url: string, allowed: AllowedLinks): NavigationDecision {
  return isAllowedExternalLink(url, allowed)
    ? { kind: 'open-in-browser', url }
    : { kind: 'refuse' };
}
