import { deepLinkFromArgv } from '../auth/callback-url';

/**
 * Where the app's links go, however they arrive: each way the platform hands one over is a
 * method here, and main/app/deep-links.ts only calls them from Electron's events. Links that
 * arrive before the core is ready wait, in order, until `deliverTo` names who takes them.
 */
export type DeepLinkRouter = {
  /** macOS `open-url`: a link opened while the app runs (or that started it). */
  readonly openUrl: (url: string) => void;
  /** Windows and Linux: a second launch, whose argv may carry a link. */
  readonly secondInstance: (argv: readonly string[]) => void;
  /** The first launch's own argv. */
  readonly firstLaunch: (argv: readonly string[]) => void;
  /** Hands the waiting links, then every later one, to `deliver`. */
  readonly deliverTo: (deliver: (url: string) => void) => void;
};

/**
 * Routes the links of `scheme` to one place; `focus` shows the app's window (before the window
 * exists it must do nothing), on macOS's `open-url` as on a second launch.
 */
export function deepLinkRouter(scheme: string, focus: () => void): DeepLinkRouter {
  const waiting: string[] = [];
  let deliver: ((url: string) => void) | undefined;
  const arrive = (url: string) => (deliver ? deliver(url) : waiting.push(url));
  return {
    // The sign-in ends in the browser: the link brings the app's window back to the front.
    openUrl: (url) => {
      focus();
      arrive(url);
    },
    secondInstance: (argv) => {
      focus();
      const link = deepLinkFromArgv(argv, scheme);
      if (link !== undefined) arrive(link);
    },
    firstLaunch: (argv) => {
      const link = deepLinkFromArgv(argv, scheme);
      if (link !== undefined) arrive(link);
    },
    deliverTo: (handler) => {
      deliver = handler;
      for (const url of waiting.splice(0)) handler(url);
    },
  };
}
