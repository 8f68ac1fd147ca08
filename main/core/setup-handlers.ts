import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { type IpcHandlers, IpcFailure } from '../../shared/ipc/dispatcher';
import type { SetupResultView } from '../../shared/ipc/views';
import type { Redactor } from '../logging/logger';
import { secretNames } from '../secrets/secret-names';
import type { SecretStore } from '../secrets/secret-store';
import { ManagedSettingError, managedChanges } from '../settings/managed-settings';
import type { Settings, SettingsStore } from '../settings/settings-store';
import {
  MAX_SETUP_FILE_BYTES,
  type OfficeSetup,
  parseSetupFile,
  setupSummary,
} from '../settings/setup-file';
import { saveS3Keys } from '../staging/open-photo-host';
import type { PathChooser } from './app-core-options';
import type { FrontEnd } from './front-end';

// Setup files (issue 23 §2), applied by the core for every front end: the window's "Open a
// setup file…", a setup file dropped on the window or opened by the operating system, and the
// command line's `setup FILE`.

/** What applying a setup file needs of the core. */
export type SetupDeps = {
  readonly settings: Pick<SettingsStore, 'get' | 'update' | 'policy'>;
  /** Applies the saved settings (`AppCore.reconfigure`). */
  readonly reconfigure: () => Promise<void>;
  /** Where the client secret and the photo host's keys are kept. */
  readonly secrets: SecretStore;
  readonly redactor: Redactor;
  /** Who asked: it confirms with the user before anything is saved. */
  readonly frontEnd: FrontEnd;
  /** The open dialog, for `setup:open`. */
  readonly chooser: PathChooser;
};

const NOTHING_CHANGED = 'Nothing was changed.';

/** What cancelling (the dialog, or the confirmation) comes to. */
const CANCELLED: SetupResultView = { applied: false, message: '' };

/** Why a file could not be read, in words, by the error's code. */
function unreadableReason(error: unknown): string {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  switch (code) {
    case 'ENOENT':
      return 'it does not exist';
    case 'EACCES':
    case 'EPERM':
      return 'you are not allowed to read it';
    case 'EISDIR':
      return 'it is a folder';
    default:
      return 'the file could not be opened';
  }
}

/**
 * The text of the setup file at `path`, read only when it is small enough to be one.
 * @throws IpcFailure `failed` saying why it cannot be read (missing, not allowed, too big).
 */
export async function readSetupFile(path: string): Promise<string> {
  const name = basename(path);
  let handle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new IpcFailure(
      'failed',
      `The setup file “${name}” cannot be read: ${unreadableReason(error)}. ${NOTHING_CHANGED}`,
    );
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory())
      throw new IpcFailure(
        'failed',
        `The setup file “${name}” cannot be read: it is a folder. ${NOTHING_CHANGED}`,
      );
    if (stats.size > MAX_SETUP_FILE_BYTES)
      throw new IpcFailure(
        'failed',
        `“${name}” is too big to be a setup file: it has ${stats.size} bytes, and a setup file has at most ${MAX_SETUP_FILE_BYTES}. ${NOTHING_CHANGED}`,
      );
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Where the setup's secrets would be kept once its settings are saved, checked before anything
 * is: a client secret belongs to a sign-in server and client id, S3 keys to an S3 photo host.
 * @throws IpcFailure `bad-input` naming the secret that has no place.
 */
function checkSecretsHaveAPlace(setup: OfficeSetup, after: Settings): void {
  if (setup.secrets.clientSecret !== undefined && (!after.authUrl || !after.clientId))
    throw new IpcFailure(
      'bad-input',
      `The setup file carries "clientSecret", but no sign-in server and client id are set (in the file or in Settings) for it to belong to. ${NOTHING_CHANGED}`,
    );
  if (setup.secrets.s3AccessKeyId !== undefined && after.photoHost?.kind !== 's3')
    throw new IpcFailure(
      'bad-input',
      `The setup file carries "s3AccessKeyId" and "s3SecretAccessKey", but no S3 photo host is set (in the file or in Settings) for them to belong to. ${NOTHING_CHANGED}`,
    );
}

/**
 * Checks the text of a setup file, asks the front end to confirm what it sets, and applies it:
 * settings to the settings file (through `SettingsStore.update`), secrets to the keychain, then a
 * reconfiguration. Nothing is saved unless all of it is valid; a setting the organisation
 * manages with another value refuses the whole file.
 * @param name the file's name or path, for the question and the message (only its last part).
 * @returns applied, with what it set in words; or not applied (empty message) when declined.
 * @throws IpcFailure (`bad-input`, or `ManagedSettingError`) with the sentence that says why.
 */
export async function applySetup(
  deps: SetupDeps,
  name: string,
  text: string,
): Promise<SetupResultView> {
  const parsed = parseSetupFile(text);
  if (!parsed.ok) throw new IpcFailure('bad-input', parsed.problem);
  const { setup } = parsed;
  const refused = managedChanges(setup.settings, deps.settings.policy());
  if (refused.length > 0) throw new ManagedSettingError(refused);
  const after: Settings = { ...deps.settings.get(), ...setup.settings };
  checkSecretsHaveAPlace(setup, after);
  const summary = setupSummary(setup);
  const shownName = basename(name);
  if (!(await deps.frontEnd.confirmSetup({ name: shownName, summary }))) return CANCELLED;

  const { clientSecret, s3AccessKeyId, s3SecretAccessKey } = setup.secrets;
  // Secrets first: should the keychain refuse, the settings are not half changed.
  if (clientSecret !== undefined && after.authUrl && after.clientId) {
    deps.redactor.add(clientSecret);
    await deps.secrets.set(secretNames(after.authUrl, after.clientId).clientSecret, clientSecret);
  }
  if (
    s3AccessKeyId !== undefined &&
    s3SecretAccessKey !== undefined &&
    after.photoHost?.kind === 's3'
  )
    await saveS3Keys(
      after.photoHost,
      { accessKeyId: s3AccessKeyId, secretAccessKey: s3SecretAccessKey },
      deps,
    );
  deps.settings.update(setup.settings);
  await deps.reconfigure();
  return {
    applied: true,
    message: `The setup in “${shownName}” was saved. ${summary.join('; ')}.`,
  };
}

/**
 * Reads the setup file at `path` (handed over by the operating system: the open dialog, a drop,
 * a double-click) and applies it as `applySetup` does.
 */
export async function openSetupFile(deps: SetupDeps, path: string): Promise<SetupResultView> {
  return applySetup(deps, path, await readSetupFile(path));
}

/** The handlers of `setup:open` (the window) and `setup:apply` (the command line). */
export function setupHandlers(deps: SetupDeps): Pick<IpcHandlers, 'setup:open' | 'setup:apply'> {
  return {
    'setup:open': async () => {
      const [path] = await deps.chooser.choose('setup-file');
      return path === undefined ? CANCELLED : openSetupFile(deps, path);
    },
    'setup:apply': (input) => {
      // The window names no file and sends no setup text: it opens one through main's dialog.
      if (deps.frontEnd.kind === 'window')
        return Promise.reject(
          new IpcFailure(
            'failed',
            'The window cannot apply the text of a setup file: use Settings › Open a setup file… instead.',
          ),
        );
      return applySetup(deps, input.name, input.text);
    },
  };
}
