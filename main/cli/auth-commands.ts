import { PrintingBrowser, SystemBrowser } from '../platform/system-browser';
import { secretNames } from '../secrets/secret-names';
import { CLIENT_SECRET_ENV, type CliContext } from './cli-context';

/** What a command prints and how the process should end. */
export type CommandOutput = {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
};

/**
 * `login`: signs in through the system browser (or, with `--no-browser`, prints the
 * authorization URL on stdout) with a loopback redirect, then saves the flags as settings and a
 * client secret from the environment in the keychain. Exit 0 when signed in.
 */
export async function login(
  context: CliContext,
  options: { noBrowser: boolean },
  out: CommandOutput,
): Promise<number> {
  const auth = context.resolveAuth();
  const browser = options.noBrowser ? new PrintingBrowser(out.stdout) : new SystemBrowser();
  const session = await context.openSession(browser);
  if (!options.noBrowser) out.stderr.write('Opening the browser to sign in…\n');
  const outcome = await session.signIn();
  if (!outcome.ok) {
    out.stderr.write(`login: ${outcome.message}\n`);
    return 1;
  }
  context.settings.update({
    authUrl: auth.authUrl,
    clientId: auth.clientId,
    ...(auth.baseUrl === undefined ? {} : { baseUrl: auth.baseUrl }),
    ...(auth.scope === undefined ? {} : { scope: auth.scope }),
  });
  const secret = context.env[CLIENT_SECRET_ENV];
  if (secret !== undefined && secret !== '') {
    await context.secrets.set(secretNames(auth.authUrl, auth.clientId).clientSecret, secret);
  }
  const snapshot = session.snapshot();
  out.stdout.write(`Signed in to ${auth.authUrl} (scope: ${snapshot.scope ?? 'unknown'}).\n`);
  if (!snapshot.remembered) {
    out.stderr.write(
      'login: no keychain is available, so this sign-in will not be remembered after this command.\n',
    );
  }
  return 0;
}

/** `status [--json]`: the session state, its expiry and scope. Always exit 0 when it can tell. */
export async function status(
  context: CliContext,
  options: { json: boolean },
  out: CommandOutput,
): Promise<number> {
  const auth = context.resolveAuth();
  const session = await context.openSession(new PrintingBrowser(out.stderr));
  const snapshot = session.snapshot();
  const expiresAt = snapshot.expiresAt === undefined ? null : Math.floor(snapshot.expiresAt / 1000);
  if (options.json) {
    out.stdout.write(
      `${JSON.stringify({ state: snapshot.state, expires_at: expiresAt, scope: snapshot.scope ?? null, auth_url: auth.authUrl, client_id: auth.clientId, remembered: snapshot.remembered })}\n`,
    );
    return 0;
  }
  const details =
    snapshot.state === 'signed-in'
      ? ` (scope: ${snapshot.scope ?? 'unknown'}${expiresAt === null ? '' : `, access token valid until ${new Date(expiresAt * 1000).toISOString()}`})`
      : '';
  out.stdout.write(`${snapshot.state} at ${auth.authUrl}${details}\n`);
  if (snapshot.message) out.stdout.write(`${snapshot.message}\n`);
  return 0;
}

/** `logout`: revokes the tokens (best effort) and deletes them from the keychain. */
export async function logout(context: CliContext, out: CommandOutput): Promise<number> {
  const auth = context.resolveAuth();
  const session = await context.openSession(new PrintingBrowser(out.stderr));
  const wasSignedIn = session.snapshot().state === 'signed-in';
  await session.signOut();
  out.stdout.write(
    wasSignedIn
      ? `Signed out of ${auth.authUrl}; the tokens were revoked.\n`
      : `Not signed in to ${auth.authUrl}.\n`,
  );
  return 0;
}
