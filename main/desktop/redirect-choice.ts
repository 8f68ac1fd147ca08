import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';

/** How this copy of the app was installed, as far as registering a URL scheme goes. */
export type Install = {
  readonly platform: NodeJS.Platform;
  /** A packaged build (`app.isPackaged`), not `electron .` from a checkout. */
  readonly packaged: boolean;
  /** Running from an AppImage (Linux: the `APPIMAGE` variable is set). */
  readonly appImage: boolean;
};

/** Which redirect sign-in uses, and why, in words for Settings (and in English for the log). */
export type RedirectDecision =
  { readonly kind: 'custom-scheme' } | { readonly kind: 'loopback'; readonly reason: Words };

/**
 * Whether to ask the operating system to register the sign-in scheme at all. An AppImage has no
 * installed desktop entry to carry it (and its path changes with every download); an unpackaged
 * run on Linux or macOS registers a scheme the OS cannot route back (no desktop file, no
 * Info.plist), even when Electron reports success.
 */
export function shouldRegisterScheme(install: Install): boolean {
  if (install.appImage) return false;
  if (!install.packaged && (install.platform === 'linux' || install.platform === 'darwin'))
    return false;
  return true;
}

/**
 * The redirect sign-in uses: the app's own scheme only where it was registered; the loopback
 * redirect everywhere else, with the reason.
 * @param registered what `app.setAsDefaultProtocolClient` answered, or undefined when it was
 * not asked (see `shouldRegisterScheme`).
 */
export function redirectDecision(
  install: Install,
  registered: boolean | undefined,
): RedirectDecision {
  if (install.appImage)
    return {
      kind: 'loopback',
      reason: words('reason.redirect.appImage'),
    };
  if (!shouldRegisterScheme(install))
    return {
      kind: 'loopback',
      reason: words('reason.redirect.development'),
    };
  if (registered !== true)
    return {
      kind: 'loopback',
      reason: words('reason.redirect.notRegistered'),
    };
  return { kind: 'custom-scheme' };
}
