import { createTranslator } from '../../../shared/i18n/translator';
import { systemLanguages } from '../../../main/core/system-languages';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { AppCore, type AppCoreOptions } from '../../../main/core/app-core';
import { serveAsOwner, takeOwnership } from '../../../main/ownership/open-data-folder';
import { seedSettingsFromEnv } from '../../../main/core/seed-settings';
import { WindowFrontEnd } from '../../../main/desktop/window-front-end';
import { openDialogChoice } from '../../../main/desktop/open-dialog-choice';
import { createLogger, jsonLineSink, Redactor } from '../../../main/logging/logger';
import { FallbackSecretStore } from '../../../main/secrets/fallback-secret-store';
import { KeytarSecretStore } from '../../../main/secrets/keytar-secret-store';
import { systemPolicySource } from '../../../main/settings/open-policy-source';
import { startBridgeHost } from './bridge-host';

// The end-to-end bridge host as a process: the same core as the Electron app (settings,
// keychain, sign-in, intake, photo host, queue), minus Electron. Its stdout carries JSON lines:
// first `{"url", "origin", "token"}`, then `{"open": url}` whenever the app would open the
// system browser (the test plays the browser). The test also plays the OS and the user at native
// dialogs, through `POST /control/<name>` (bearer token):
// - `choose` `{"paths": […]}` queues the next answer of the open dialog;
// - `drop` `{"paths": […]}` says where the items of the page's next drop live;
// - `confirm` `{"answer": true|false}` queues the next answer of a confirmation dialog (with
//   none queued, the user declines).
// What the user is shown there goes to stdout too: `{"choosing": kind}` when the open dialog
// opens (`files`, `folder`, `setup-file`, `move-folder`) and `{"asked": question}` with each confirmation's
// title, message, detail and buttons (a setup file's summary, a change of service).

const { values } = parseArgs({
  options: { 'data-dir': { type: 'string' }, renderer: { type: 'string' } },
});
const dataDir = values['data-dir'];
const rendererDir = values.renderer;
if (!dataDir || !rendererDir) {
  process.stderr.write('usage: bridge-host --data-dir DIR --renderer DIR\n');
  process.exit(2);
}

const controlBody = {
  paths: z.object({ paths: z.array(z.string().min(1)) }),
  confirm: z.object({ answer: z.boolean() }),
};

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
// The bridge host owns its data folder like the app: the command line attaches to it.
const lock = await takeOwnership(dataDir, {
  timeoutMs: 60_000,
  onWaiting: () => logger.warn('waiting for the process that owns the data folder'),
});
await seedSettingsFromEnv(process.env, { dataDir, secrets, redactor, logger });

const chooserAnswers: string[][] = [];
const dropAnswers: string[][] = [];
const confirmAnswers: boolean[] = [];
const coreOptions: AppCoreOptions = {
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
  chooser: {
    choose: (kind) => {
      print({ choosing: kind });
      const answer = chooserAnswers.shift() ?? [];
      // As the app's dialog: one that takes a single item (a setup file, the folder to move
      // photos to) cannot answer more, so a journey scripting more is wrong, not the app.
      const many = openDialogChoice(kind, createTranslator('en').t).properties.includes(
        'multiSelections',
      );
      if (!many && answer.length > 1)
        return Promise.reject(new Error(`the ${kind} dialog takes one item, not ${answer.length}`));
      return Promise.resolve(answer);
    },
  },
  // As the unpackaged app: PHOTO_UPLOADER_SYSTEM_LANGUAGES names the "system's" languages.
  systemLanguages: () => systemLanguages({ env: process.env, packaged: false, system: () => [] }),
  pseudoLocale: true,
  // As the unpackaged app: PHOTO_UPLOADER_POLICY_FILE points a journey at its policy.
  policy: systemPolicySource({
    platform: process.platform,
    env: process.env,
    packaged: false,
    logger: logger.child('policy'),
  }),
};
const ownership = await serveAsOwner({
  dataDir,
  lock,
  logger,
  env: process.env,
  startCore: () => AppCore.start(coreOptions),
});
const core = ownership.core;
const host = await startBridgeHost({
  core,
  frontEnd: new WindowFrontEnd(
    (question) => {
      print({ asked: question });
      return Promise.resolve(confirmAnswers.shift() ?? false);
    },
    // Main's questions in the window's language, as the app asks them.
    () => createTranslator(core.locale()).t,
  ),
  nextDrop: (files) => dropAnswers.shift() ?? Array<string>(files).fill(''),
  rendererDir,
  token: randomBytes(24).toString('base64url'),
  control: (path, body) => {
    if (path === 'choose') {
      chooserAnswers.push(controlBody.paths.parse(body).paths);
      return Promise.resolve({ queued: chooserAnswers.length });
    }
    if (path === 'drop') {
      dropAnswers.push(controlBody.paths.parse(body).paths);
      return Promise.resolve({ queued: dropAnswers.length });
    }
    if (path === 'confirm') {
      confirmAnswers.push(controlBody.confirm.parse(body).answer);
      return Promise.resolve({ queued: confirmAnswers.length });
    }
    return Promise.reject(new Error(`unknown control ${path}`));
  },
});
print({ url: host.url, origin: host.origin, token: host.token });

const stop = async () => {
  await host.close();
  await ownership.close({ now: true });
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
