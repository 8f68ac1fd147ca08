import type { SeedConfig } from '../main/core/seed-settings';
import { secretNames } from '../main/secrets/secret-names';
import { s3SecretNames } from '../main/staging/open-photo-host';
import type { LaunchInfo } from '../service/photo-service';
import { localServiceEnv, localServiceSeed } from './local-service-env';

/**
 * The keychain entries a demo run can leave: the tokens of its sign-in, the (public) client's
 * secret slot, and the S3 store's keys. Each name holds the demo service's loopback origin with
 * its port of this run, so none is an entry of a real service.
 */
export function demoSecretNames(seed: SeedConfig): string[] {
  const names: string[] = [
    secretNames(seed.authUrl, seed.clientId, seed.baseUrl).tokens,
    secretNames(seed.authUrl, seed.clientId).clientSecret,
  ];
  if (seed.photoHost?.kind === 's3') {
    const keys = s3SecretNames(seed.photoHost);
    names.push(keys.accessKeyId, keys.secretAccessKey);
  }
  return names;
}

/** What removing a demo run's leftovers needs: the file system and the keychain. */
export type LeftoverRemoval = {
  readonly removeFolder: (path: string) => Promise<void>;
  readonly deleteSecret: (name: string) => Promise<void>;
};

/**
 * Removes a demo run's data folder and its keychain entries. Every step is tried even when one
 * before failed (no keychain on this machine, say); never rejects. Resolves with what could not
 * be removed, each as "what: why".
 */
export async function removeDemoLeftovers(
  leftovers: { readonly dataDir: string; readonly secretNames: readonly string[] },
  removal: LeftoverRemoval,
): Promise<string[]> {
  const failures: string[] = [];
  const attempt = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      failures.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  await attempt('the demo data folder', () => removal.removeFolder(leftovers.dataDir));
  for (const name of leftovers.secretNames)
    await attempt('a demo keychain entry', () => removal.deleteSecret(name));
  return failures;
}

/** The signals that stop `npm start`: Ctrl-C in its terminal, and SIGTERM. */
export type StopSignal = 'SIGINT' | 'SIGTERM';

/** The exit code of a run stopped by a signal, as a shell reports it (128 + the signal's number). */
export const STOPPED_EXIT_CODES: Readonly<Record<StopSignal, number>> = {
  SIGINT: 130,
  SIGTERM: 143,
};

/** Where stop signals come from: `process`. */
export type SignalSource = {
  on(signal: StopSignal, listener: () => void): unknown;
  off(signal: StopSignal, listener: () => void): unknown;
};

/** A running local Photo Service, as demo mode uses it. */
export type DemoService = { readonly info: LaunchInfo; close(): Promise<void> };

/** What a demo run is made of; `npm start` gives the real ones, the tests their own. */
export type DemoSessionParts = {
  readonly startService: () => Promise<DemoService>;
  readonly makeDataDir: () => Promise<string>;
  /** Runs the app with `env` until it exits (its exit code); `stop` asks it to end. */
  readonly runApp: (env: NodeJS.ProcessEnv, stop: AbortSignal) => Promise<number>;
  readonly removal: LeftoverRemoval;
  readonly signals: SignalSource;
  readonly env: NodeJS.ProcessEnv;
  /** Writes a paragraph for the user (stderr). */
  readonly say: (text: string) => void;
};

/**
 * Demo mode: the local Photo Service with its S3 store, the app in a fresh data folder against
 * them, and afterwards, however the run ends (the app quits, Ctrl-C, SIGTERM), the service
 * closed, the data folder removed and the run's keychain entries deleted. A stop signal asks the
 * app to end and waits for it before cleaning up. Resolves with the app's exit code, or 130
 * (SIGINT) / 143 (SIGTERM) when a signal stopped it.
 */
export async function runDemoSession(parts: DemoSessionParts): Promise<number> {
  const stopping = new AbortController();
  let stoppedBy: StopSignal | undefined;
  const listeners = (['SIGINT', 'SIGTERM'] as const).map((signal) => {
    const listener = () => {
      stoppedBy ??= signal;
      stopping.abort();
    };
    parts.signals.on(signal, listener);
    return () => parts.signals.off(signal, listener);
  });
  try {
    const service = await parts.startService();
    let dataDir: string | undefined;
    try {
      dataDir = await parts.makeDataDir();
      const { info } = service;
      parts.say(
        [
          'Photo Uploader demo mode: the app runs against the local Photo Service.',
          `  What has arrived:     ${info.base_url}/`,
          `  Projects:             ${info.projects.map((project) => project.name).join(', ')}`,
          `  App data (removed at exit): ${dataDir}`,
          '',
        ].join('\n'),
      );
      const code = stopping.signal.aborted
        ? 0
        : await parts.runApp(
            { ...parts.env, PHOTO_UPLOADER_DATA_DIR: dataDir, ...localServiceEnv(info) },
            stopping.signal,
          );
      return stoppedBy === undefined ? code : STOPPED_EXIT_CODES[stoppedBy];
    } finally {
      await service.close();
      if (dataDir !== undefined) {
        const failures = await removeDemoLeftovers(
          { dataDir, secretNames: demoSecretNames(localServiceSeed(service.info)) },
          parts.removal,
        );
        for (const failure of failures) parts.say(`Not removed: ${failure}\n`);
      }
    }
  } finally {
    // Only now: a second Ctrl-C during the cleanup must not end the process half-way.
    for (const stopListening of listeners) stopListening();
  }
}
