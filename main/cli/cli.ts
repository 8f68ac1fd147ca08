import { parseArgs } from 'node:util';
import { login, logout, status } from './auth-commands';
import { inspect } from './inspect-command';
import { type CliContext, createCliContext, UsageError } from './cli-context';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  login      sign in through the browser (loopback redirect) and remember the service
  status     say whether you are signed in (--json for a machine-readable line)
  logout     revoke the tokens and forget them
  inspect <paths...> [--zone IANA] [--json]
             read capture time, position, size and MD5 of photos in files and folders

Options (each overrides the saved setting):
  --data-dir DIR     where settings live (default: the user's data folder)
  --auth-url URL     the authorization server
  --base-url URL     the API server
  --client-id ID     the app's client id; a confidential client's secret comes from the
                     environment variable PHOTO_UPLOADER_CLIENT_SECRET, never a flag
  --scope "A B"      the scopes to ask for (default: the narrowest the server offers)
  --no-browser       print the authorization URL instead of opening a browser
  --json             machine-readable output (status, inspect: one JSON object per line)
  --zone IANA        the zone assumed for photos nothing else places (default: this computer's)
  --verbose          log progress to stderr
`;

/** Runs one command line; returns the exit code (0 success, 1 failure, 2 usage). */
export async function runCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  stdout: NodeJS.WritableStream,
  stderr: NodeJS.WritableStream,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        'data-dir': { type: 'string' },
        'auth-url': { type: 'string' },
        'base-url': { type: 'string' },
        'client-id': { type: 'string' },
        'client-secret': { type: 'string' },
        scope: { type: 'string' },
        'no-browser': { type: 'boolean' },
        json: { type: 'boolean' },
        verbose: { type: 'boolean' },
        zone: { type: 'string' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    stderr.write(`cli: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (values.help || command === undefined) {
    (values.help ? stdout : stderr).write(USAGE);
    return values.help ? 0 : 2;
  }
  if (values['client-secret'] !== undefined) {
    stderr.write(
      'cli: a client secret is never taken as a flag (it would show in the process list); set PHOTO_UPLOADER_CLIENT_SECRET\n',
    );
    return 2;
  }
  let context: CliContext | undefined;
  try {
    context = createCliContext(
      {
        dataDir: values['data-dir'],
        authUrl: values['auth-url'],
        baseUrl: values['base-url'],
        clientId: values['client-id'],
        scope: values.scope,
        verbose: values.verbose ?? false,
      },
      env,
      stderr,
    );
    const out = { stdout, stderr };
    switch (command) {
      case 'login':
        return await login(context, { noBrowser: values['no-browser'] ?? false }, out);
      case 'status':
        return await status(context, { json: values.json ?? false }, out);
      case 'logout':
        return await logout(context, out);
      case 'inspect':
        return await inspect(
          context,
          { paths: positionals.slice(1), zone: values.zone, json: values.json ?? false },
          out,
        );
      default:
        stderr.write(`cli: unknown command "${command}"\n${USAGE}`);
        return 2;
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    stderr.write(`${command}: ${context ? context.redactor.text(message) : message}\n`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await context?.close();
  }
}
