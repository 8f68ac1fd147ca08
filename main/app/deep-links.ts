import { resolve } from 'node:path';
import { app } from 'electron';
import {
  type Install,
  type RedirectDecision,
  redirectDecision,
  shouldRegisterScheme,
} from '../desktop/redirect-choice';
import { deepLinkRouter } from '../desktop/deep-link-routing';

/**
 * Registers the app as the handler of its private scheme, and routes every way a link arrives to
 * `deliver`: macOS `open-url`, a second launch on Windows and Linux (`second-instance` argv, the
 * single-instance lock sends it here) and the first launch's own argv. Links that arrive before
 * the core is ready wait in order. Returns the function that hands them on once it is.
 */
export function routeDeepLinks(
  scheme: string,
  focus: () => void,
  install: Install,
): {
  readonly decision: RedirectDecision;
  readonly deliverTo: (deliver: (url: string) => void) => void;
} {
  let registered: boolean | undefined;
  if (shouldRegisterScheme(install))
    // While developing, Electron runs as `electron path/to/app`: the OS must pass the app path too.
    registered =
      process.defaultApp && process.argv[1] !== undefined
        ? app.setAsDefaultProtocolClient(scheme, process.execPath, [resolve(process.argv[1])])
        : app.setAsDefaultProtocolClient(scheme);
  const decision = redirectDecision(install, registered);

  const router = deepLinkRouter(scheme, focus);
  app.on('open-url', (event, url) => {
    event.preventDefault();
    router.openUrl(url);
  });
  app.on('second-instance', (_event, argv) => router.secondInstance(argv));
  router.firstLaunch(process.argv);
  return { decision, deliverTo: router.deliverTo };
}
