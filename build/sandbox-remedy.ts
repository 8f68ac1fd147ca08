import { join } from 'node:path';

/** What Electron prints on Linux when its setuid sandbox helper is present but not set up. */
const SUID_HELPER_NOT_SET_UP =
  /The SUID sandbox helper binary was found, but is not configured correctly/;
/** What it prints when neither sandbox works (e.g. AppArmor blocking user namespaces). */
const NO_USABLE_SANDBOX = /No usable sandbox!|Failed to move to new namespace/;
/** The helper's path as Electron names it: "You need to make sure that <path> is owned by root". */
const HELPER_PATH = /make sure that (\S*chrome-sandbox) is owned by root/;

/**
 * The one paragraph `npm start` prints when Electron aborted because its sandbox cannot work
 * here: Ubuntu 23.10 and later restrict unprivileged user namespaces, so Chromium needs its
 * setuid helper, which npm unpacks without root ownership. Returns undefined when `stderrText`
 * (Electron's error output) shows no such abort. `distPath` is the folder holding the Electron
 * executable, where `chrome-sandbox` lives unless Electron names another path.
 */
export function sandboxRemedy(stderrText: string, distPath: string): string | undefined {
  if (!SUID_HELPER_NOT_SET_UP.test(stderrText) && !NO_USABLE_SANDBOX.test(stderrText))
    return undefined;
  const helper = HELPER_PATH.exec(stderrText)?.[1] ?? join(distPath, 'chrome-sandbox');
  return [
    "Photo Uploader could not start: Electron stopped because Chromium's sandbox cannot work on this system",
    '(Ubuntu 23.10 and later restrict unprivileged user namespaces, which the sandbox uses unless its setuid helper is set up).',
    `Either set up the helper: \`sudo chown root:root ${helper} && sudo chmod 4755 ${helper}\`;`,
    'or allow unprivileged user namespaces for Electron with an AppArmor profile for it (see Ubuntu\'s "unprivileged user namespace restrictions"),',
    'or for the whole system with `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0`.',
    'Then run `npm start` again.',
    'As a last resort, and only for development, `npm start -- --no-sandbox` runs the app without the sandbox.',
  ].join(' ');
}
