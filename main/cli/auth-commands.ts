import { englishFor } from '../../shared/i18n/words';
import type { SessionView, SettingsView } from '../../shared/ipc/views';
import { access, rm } from 'node:fs/promises';
import { signInTokenFilePath } from '../secrets/sign-in-token-file';
import { type CliContext, type CommandOutput, UsageError } from './cli-context';
import { INSECURE_STORAGE_FLAG, signInKeptJson, signInKeptWords } from './sign-in-storage-words';

export type { CommandOutput } from './cli-context';

/** The configured service, or a usage error that says what to pass. */
export function requireService(settings: SettingsView): { authUrl: string; clientId: string } {
  if (settings.authUrl === undefined || settings.clientId === undefined)
    throw new UsageError(
      'No Photo Service is configured: pass --auth-url and --client-id (login saves them)',
    );
  return { authUrl: settings.authUrl, clientId: settings.clientId };
}

/**
 * `login [--insecure-storage]`: signs in through the system browser (or, with `--no-browser`,
 * prints the authorization URL on stdout) with a loopback redirect. The service flags were saved
 * before it. `insecureStorage` (remembered until `logout`) keeps the sign-in in a plain-text file
 * of the data folder when no keychain answers. Exit 0 when signed in. Attached to the app, the
 * app opens the browser and receives the answer.
 */
export async function login(
  context: CliContext,
  out: CommandOutput,
  options: { readonly insecureStorage: boolean } = { insecureStorage: false },
): Promise<number> {
  const settings = await context.call('settings:get', {});
  const service = requireService(settings);
  if (options.insecureStorage && !settings.signInTokensInPlainTextFile)
    await context.call('settings:set', { signInTokensInPlainTextFile: true });
  let ended: SessionView;
  // Listening before the call: the outcome may arrive before the call's own answer. Only a
  // change after the sign-in started ends the wait (not, say, a refresh of the old session).
  let signingIn = false;
  const done = new Promise<SessionView>((resolve) => {
    const stop = context.client.on('session:changed', (session) => {
      if (session.state === 'signing-in') signingIn = true;
      else if (signingIn) {
        stop();
        resolve(session);
      }
    });
  });
  const started = await context.call('session:sign-in', {});
  if (started.state === 'signing-in') {
    if (context.client.kind === 'attached')
      out.stderr.write('The Photo Uploader app opens the browser to sign in…\n');
    ended = await context.waitFor(done);
  } else ended = started;
  if (ended.state !== 'signed-in') {
    out.stderr.write(
      `login: ${ended.message === undefined ? 'the sign-in did not complete' : englishFor(ended.message)}\n`,
    );
    return 1;
  }
  out.stdout.write(`Signed in to ${service.authUrl} (scope: ${ended.access ?? 'unknown'}).\n`);
  if (!ended.remembered)
    out.stderr.write(
      `login: no keychain is available, so this sign-in will not be remembered after this command (${INSECURE_STORAGE_FLAG} keeps it in a plain-text file instead).\n`,
    );
  else if (ended.kept === 'plain-text-file')
    out.stderr.write(
      `login: ${signInKeptWords(ended.kept, context.dataDir, context.client.kind === 'owner')}\n`,
    );
  return 0;
}

/**
 * What `status` says of the organisation's policy: the settings it manages and where it was read,
 * or why it is ignored; nothing without a policy.
 */
export function policyLines(settings: SettingsView): string[] {
  if (settings.policyProblem !== undefined)
    return [
      `${englishFor(settings.policyProblem)} (${settings.policyOrigin ?? 'the system policy'})`,
    ];
  if (settings.managed.length === 0) return [];
  return [
    `Set by your organisation (${settings.policyOrigin ?? 'the system policy'}): ${[...settings.managed].sort().join(', ')}`,
  ];
}

/**
 * `status [--json]`: the session state, its expiry and scope, and what the organisation's policy
 * manages (or why it is ignored). Exit 0 when it can tell.
 */
export async function status(
  context: CliContext,
  options: { json: boolean },
  out: CommandOutput,
): Promise<number> {
  const settings = await context.call('settings:get', {});
  // Said even when no service is configured: an invalid policy may be why.
  if (settings.authUrl === undefined || settings.clientId === undefined)
    for (const line of policyLines(settings)) out.stderr.write(`status: ${line}\n`);
  const service = requireService(settings);
  const session = await context.call('session:get', {});
  const expiresAt =
    session.state === 'signed-in' && session.expiresAt !== undefined
      ? Math.floor(session.expiresAt / 1000)
      : null;
  const scope = session.state === 'signed-in' ? (session.access ?? null) : null;
  if (options.json) {
    out.stdout.write(
      `${JSON.stringify({
        state: session.state,
        expires_at: expiresAt,
        scope,
        auth_url: service.authUrl,
        client_id: service.clientId,
        remembered: session.remembered,
        managed: [...settings.managed].sort(),
        policy_origin: settings.policyOrigin ?? null,
        policy_problem:
          settings.policyProblem === undefined ? null : englishFor(settings.policyProblem),
        ...signInKeptJson(session.kept, context.dataDir),
      })}\n`,
    );
    return 0;
  }
  const details =
    session.state === 'signed-in'
      ? ` (scope: ${scope ?? 'unknown'}${expiresAt === null ? '' : `, access token valid until ${new Date(expiresAt * 1000).toISOString()}`})`
      : '';
  out.stdout.write(`${session.state} at ${service.authUrl}${details}\n`);
  if (session.message) out.stdout.write(`${englishFor(session.message)}\n`);
  out.stdout.write(
    `${signInKeptWords(session.kept, context.dataDir, context.client.kind === 'owner')}\n`,
  );
  for (const line of policyLines(settings)) out.stdout.write(`${line}\n`);
  return 0;
}

/**
 * `logout`: revokes the tokens (best effort) and deletes them from the keychain. A plain-text
 * file of the sign-in (`login --insecure-storage`) is removed, and that choice ends with it.
 */
export async function logout(context: CliContext, out: CommandOutput): Promise<number> {
  const settings = await context.call('settings:get', {});
  const service = requireService(settings);
  const before = await context.call('session:get', {});
  const file = signInTokenFilePath(context.dataDir);
  const hadFile = await access(file).then(
    () => true,
    () => false,
  );
  await context.call('session:sign-out', {});
  out.stdout.write(
    before.state === 'signed-in'
      ? `Signed out of ${service.authUrl}; the tokens were revoked.\n`
      : `Not signed in to ${service.authUrl}.\n`,
  );
  if (settings.signInTokensInPlainTextFile)
    await context.call('settings:set', { signInTokensInPlainTextFile: false });
  // The sign-out emptied it (and so removed it); whatever else it held goes with it.
  await rm(file, { force: true });
  if (hadFile) out.stdout.write(`Removed the plain-text file of the sign-in: ${file}\n`);
  return 0;
}
