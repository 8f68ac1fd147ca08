import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import type { IpcCallInput } from '../../shared/ipc/bridge';
import type { IpcChannel, IpcResults } from '../../shared/ipc/contract';
import { AppCore } from '../core/app-core';
import { createLogger, type LogSink, type Logger, Redactor, textLineSink } from '../logging/logger';
import { rotatingFileSink } from '../logging/rotating-file-sink';
import type { CoreClient } from '../ownership/core-client';
import { defaultDataDir as appDataDir } from '../ownership/data-folder';
import { openDataFolder } from '../ownership/open-data-folder';
import { PrintingBrowser, SystemBrowser } from '../platform/system-browser';
import { FallbackSecretStore } from '../secrets/fallback-secret-store';
import { KeytarSecretStore } from '../secrets/keytar-secret-store';
import { isSignInTokens } from '../secrets/secret-names';
import { SignInTokenFile, signInTokenFilePath } from '../secrets/sign-in-token-file';
import { systemPolicySource } from '../settings/open-policy-source';
import { SettingsStore } from '../settings/settings-store';

/** The environment variable that carries a confidential client's secret (never a flag). */
export const CLIENT_SECRET_ENV = 'PHOTO_UPLOADER_CLIENT_SECRET';

/** Thrown for a command line that cannot run; the message is the one-line reason. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Thrown when the core refused a call; the message is the core's, in the user's words. */
export class CommandFailed extends Error {
  override readonly name = 'CommandFailed';
}

/** What a command prints. */
export type CommandOutput = {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
};

/** Where settings, the queue and the sign-in live when `--data-dir` is not given: the app's. */
export function defaultDataDir(): string {
  return appDataDir({ platform: process.platform, env: process.env, home: homedir() });
}

/**
 * The command line's secret store: the keychain; without one, memory, except the sign-in tokens
 * when the user asked for the plain-text file (`login --insecure-storage`, remembered in the
 * settings file, read afresh at each use: a `login` that asks for it takes effect at once).
 */
function commandLineSecrets(dataDir: string, logger: Logger): FallbackSecretStore {
  const settings = new SettingsStore(dataDir, logger.child('settings'));
  return new FallbackSecretStore(new KeytarSecretStore(), logger.child('secrets'), undefined, {
    file: new SignInTokenFile(signInTokenFilePath(dataDir)),
    wanted: () => settings.userSettings().signInTokensInPlainTextFile === true,
    holds: isSignInTokens,
  });
}

/** Everything a command needs: the core (here or in the process that owns the data folder). */
export type CliContext = {
  readonly dataDir: string;
  readonly client: CoreClient;
  readonly env: NodeJS.ProcessEnv;
  readonly redactor: Redactor;
  readonly logger: Logger;
  /**
   * One call to the core.
   * @throws CommandFailed with the core's message when it refused.
   */
  call<C extends IpcChannel>(channel: C, input: IpcCallInput<C>): Promise<IpcResults[C]>;
  /**
   * Waits for `waiting` (an event the command expects); rejects with a `CommandFailed` that
   * says so if the process that owns the data folder goes away first.
   */
  waitFor<T>(waiting: Promise<T>): Promise<T>;
  /** See `CoreClient.close`. */
  close(options?: { readonly now?: boolean }): Promise<void>;
};

/**
 * Opens the data folder for the command line: this process becomes its owner (and runs the one
 * core, with the queue running only while a command waits for it), or attaches to the process
 * that owns it (the app, or another command). One composition of the core: `AppCore`.
 */
export async function openCliContext(
  options: {
    readonly dataDir: string | undefined;
    readonly verbose: boolean;
    readonly noBrowser: boolean;
  },
  env: NodeJS.ProcessEnv,
  out: CommandOutput,
): Promise<CliContext> {
  const redactor = new Redactor();
  // Absolute: the owner's address in the folder must mean the same from any working directory.
  const dataDir = resolve(options.dataDir ?? defaultDataDir());
  // Log records go to the log file in the data folder, once this process owns it (only the owner
  // writes there, so two processes never rotate one file); it keeps info lines even without
  // --verbose, so saved diagnostics have them. Stderr is for the command's own sentences: a
  // record reaches it only with --verbose, as a readable line, never as JSON.
  const toStderr = options.verbose ? textLineSink(out.stderr) : undefined;
  let toFile: LogSink | undefined;
  const logger = createLogger({
    sink: (record) => {
      toFile?.(record);
      toStderr?.(record);
    },
    redactor,
    level: 'info',
    scope: 'cli',
  });
  const client = await openDataFolder({
    dataDir,
    logger,
    env,
    startCore: () => {
      toFile = rotatingFileSink({ dir: join(dataDir, 'logs'), name: 'cli' });
      return AppCore.start({
        dataDir,
        secrets: commandLineSecrets(dataDir, logger),
        browser: options.noBrowser ? new PrintingBrowser(out) : new SystemBrowser(),
        chooser: { choose: () => Promise.resolve([]) },
        logger,
        redactor,
        // The command line always uses the loopback redirect: a private-use scheme needs the app
        // registered with the operating system to receive it.
        customScheme: undefined,
        runQueue: 'on-request',
        // A command never watches the saved folders: only the app does (runsSavedWatchers).
        program: 'command-line',
        // The organisation's policy, as the app reads it. PHOTO_UPLOADER_POLICY_FILE counts from
        // a checkout, as it does for `npm start`; the installed app run as the command line
        // never passes it on (envForApp). Attached to the app, the app's policy rules.
        policy: systemPolicySource({
          platform: process.platform,
          env,
          packaged: false,
          logger: logger.child('policy'),
        }),
      });
    },
  });
  if (client.kind === 'attached' && options.verbose)
    out.stderr.write('Attached to the Photo Uploader process that owns this data folder.\n');
  return {
    dataDir,
    client,
    env,
    redactor,
    logger,
    async call(channel, input) {
      const result = await client.invoke(channel, input);
      if (!result.ok) {
        if (result.code === 'bad-input') throw new UsageError(result.message);
        throw new CommandFailed(result.message);
      }
      return result.value;
    },
    waitFor: (waiting) =>
      Promise.race([
        waiting,
        client.untilGone().catch(() => {
          throw new CommandFailed(
            'The Photo Uploader process that owns the data folder ended before this command finished; nothing was lost. Run the command again.',
          );
        }),
      ]),
    close: (closing) => client.close(closing),
  };
}
