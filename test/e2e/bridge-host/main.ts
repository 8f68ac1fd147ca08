import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { AppCore } from '../../../main/core/app-core';
import { commandLineFrontEnd } from '../../../main/core/front-end';
import { seedSettingsFromEnv } from '../../../main/core/seed-settings';
import { createLogger, jsonLineSink, Redactor } from '../../../main/logging/logger';
import { FallbackSecretStore } from '../../../main/secrets/fallback-secret-store';
import { KeytarSecretStore } from '../../../main/secrets/keytar-secret-store';
import { startBridgeHost } from './bridge-host';

// The end-to-end bridge host as a process: the same core as the Electron app (settings,
// keychain, sign-in, intake, photo host, queue), minus Electron. Its stdout carries JSON lines:
// first `{"url", "origin", "token"}`, then `{"open": url}` whenever the app would open the
// system browser (the test plays the browser). `POST /control/choose` with `{"paths": […]}`
// queues the next answer of the file chooser.

const { values } = parseArgs({
  options: { 'data-dir': { type: 'string' }, renderer: { type: 'string' } },
});
const dataDir = values['data-dir'];
const rendererDir = values.renderer;
if (!dataDir || !rendererDir) {
  process.stderr.write('usage: bridge-host --data-dir DIR --renderer DIR\n');
  process.exit(2);
}

const print = (line: unknown): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};
const redactor = new Redactor();
const logger = createLogger({
  sink: jsonLineSink(process.stderr),
  redactor,
  level: 'warn',
  scope: 'bridge-host',
});
const secrets = new FallbackSecretStore(new KeytarSecretStore(), logger.child('secrets'));
await seedSettingsFromEnv(process.env, { dataDir, secrets, redactor, logger });

const chooserAnswers: string[][] = [];
const core = await AppCore.start({
  dataDir,
  secrets,
  redactor,
  logger,
  customScheme: undefined,
  browser: {
    open: (url) => {
      print({ open: url });
      return Promise.resolve();
    },
  },
  chooser: { choose: () => Promise.resolve(chooserAnswers.shift() ?? []) },
});
const host = await startBridgeHost({
  core,
  // The window's own front end (granted paths, scripted confirmations) replaces this next.
  frontEnd: commandLineFrontEnd,
  rendererDir,
  token: randomBytes(24).toString('base64url'),
  control: (path, body) => {
    if (path === 'choose') {
      chooserAnswers.push((body as { paths: string[] }).paths);
      return Promise.resolve({ queued: chooserAnswers.length });
    }
    return Promise.reject(new Error(`unknown control ${path}`));
  },
});
print({ url: host.url, origin: host.origin, token: host.token });

const stop = async () => {
  await host.close();
  await core.shutdown();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
