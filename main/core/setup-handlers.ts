import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Words } from '../../shared/i18n/translator';
import { englishFor, words } from '../../shared/i18n/words';
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
  setupSummaryWords,
} from '../settings/setup-file';
import { s3SecretNames } from '../staging/open-photo-host';
import type { PathChooser } from './app-core-options';
import type { FrontEnd } from './front-end';
import { mergedEntries } from '../../shared/domain/presets';

// Setup files (issue 23 §2), applied by the core for every front end: the window's "Open a
// setup file…", a setup file dropped on the window or opened by the operating system, and the
// command line's `setup FILE`.

/** What applying a setup file needs of the core. */
export type SetupDeps = {
  readonly settings: Pick<SettingsStore, 'get' | 'update' | 'policy' | 'userSettings'>;
  /**
   * Applies the saved settings, by the names of those that changed, and tells the window
   * (`AppCore.settingsApplied`: reconfigures, then `settings:changed`).
   */
  readonly settingsApplied: (changed: readonly string[]) => Promise<void>;
  /** Where the client secret and the photo host's keys are kept. */
  readonly secrets: SecretStore;
  readonly redactor: Redactor;
  /** Who asked: it confirms with the user before anything is saved. */
  readonly frontEnd: FrontEnd;
  /** The open dialog, for `setup:open`. */
  readonly chooser: PathChooser;
};

/** What cancelling (the dialog, or the confirmation) comes to. */
const CANCELLED: SetupResultView = { applied: false, message: '' };

/** Why a file cannot be read, as the message `error.setup.unreadable` selects it. */
type Unreadable = 'missing' | 'denied' | 'folder' | 'device' | 'other';

/** Why a file could not be read, by the error's code. */
function unreadableReason(error: unknown): Unreadable {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  switch (code) {
    case 'ENOENT':
      return 'missing';
    case 'EACCES':
    case 'EPERM':
      return 'denied';
    case 'EISDIR':
      return 'folder';
    default:
      return 'other';
  }
}

/** Opening never waits on a pipe with no writer (`O_NONBLOCK`; not on Windows, which has none). */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * The text of the setup file at `path`, read only when it is a regular file small enough to be
 * one: a pipe, a device (`/dev/zero`) or a link to one is refused before anything is read, and
 * no more than one byte past the limit is ever read.
 * @throws IpcFailure `failed` saying why it cannot be read (missing, not allowed, not a file,
 *   too big).
 */
export async function readSetupFile(path: string): Promise<string> {
  const name = basename(path);
  const refuse = (why: Unreadable) =>
    new IpcFailure('failed', words('error.setup.unreadable', { name, why }));
  const max = MAX_SETUP_FILE_BYTES;
  const tooBig = (size: number | undefined) =>
    new IpcFailure(
      'failed',
      size === undefined
        ? words('error.setup.tooBigGrowing', { name, max })
        : words('error.setup.tooBig', { name, size, max }),
    );
  let handle;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch (error) {
    throw refuse(unreadableReason(error));
  }
  try {
    const stats = await handle.stat();
    if (stats.isDirectory()) throw refuse('folder');
    if (!stats.isFile()) throw refuse('device');
    if (stats.size > MAX_SETUP_FILE_BYTES) throw tooBig(stats.size);
    // The file may grow after its size was read: never read more than the limit and one byte.
    const buffer = Buffer.alloc(MAX_SETUP_FILE_BYTES + 1);
    let length = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
      if (length > MAX_SETUP_FILE_BYTES) throw tooBig(undefined);
    }
    return buffer.toString('utf8', 0, length);
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
    throw new IpcFailure('bad-input', words('error.setup.clientSecretNoPlace'));
  if (setup.secrets.s3AccessKeyId !== undefined && after.photoHost?.kind !== 's3')
    throw new IpcFailure('bad-input', words('error.setup.s3KeysNoPlace'));
}

/** The keychain entries a setup writes, by name, for the settings in effect `after` it. */
function secretWrites(setup: OfficeSetup, after: Settings): [name: string, value: string][] {
  const { clientSecret, s3AccessKeyId, s3SecretAccessKey } = setup.secrets;
  const writes: [string, string][] = [];
  if (clientSecret !== undefined && after.authUrl && after.clientId)
    writes.push([secretNames(after.authUrl, after.clientId).clientSecret, clientSecret]);
  if (
    s3AccessKeyId !== undefined &&
    s3SecretAccessKey !== undefined &&
    after.photoHost?.kind === 's3'
  ) {
    const names = s3SecretNames(after.photoHost);
    writes.push([names.accessKeyId, s3AccessKeyId], [names.secretAccessKey, s3SecretAccessKey]);
  }
  return writes;
}

/**
 * What the setup comes to with the settings in effect now: the settings after it and its
 * summary. Checked again once the user has confirmed, since the organisation's policy may have
 * changed while they read the question.
 * @throws ManagedSettingError when it changes a setting the organisation manages.
 * @throws IpcFailure `bad-input` when a secret has no service to belong to.
 */
function planSetup(deps: SetupDeps, setup: OfficeSetup): { after: Settings; summary: Words[] } {
  const refused = managedChanges(setup.settings, deps.settings.policy());
  if (refused.length > 0) throw new ManagedSettingError(refused);
  const after: Settings = { ...deps.settings.get(), ...setup.settings };
  checkSecretsHaveAPlace(setup, after);
  return { after, summary: setupSummaryWords(setup, after) };
}

/**
 * Saves the setup's secrets and settings, all or nothing: each secret's old value is read
 * first and put back (or removed) when a later secret or the settings cannot be saved.
 */
async function saveSetup(deps: SetupDeps, setup: OfficeSetup, after: Settings): Promise<void> {
  const writes = secretWrites(setup, after);
  for (const [, value] of writes) deps.redactor.add(value);
  const before = await Promise.all(writes.map(([name]) => deps.secrets.get(name)));
  let written = 0;
  try {
    for (const [name, value] of writes) {
      await deps.secrets.set(name, value);
      written += 1;
    }
    deps.settings.update(setup.settings);
  } catch (error) {
    // A failing keychain may refuse the restore too: the first failure is the one reported.
    for (const [index, [name]] of writes.slice(0, written).entries()) {
      const old = before[index];
      await (old === undefined ? deps.secrets.delete(name) : deps.secrets.set(name, old)).catch(
        () => undefined,
      );
    }
    throw error;
  }
}

/**
 * `setup` with its saved templates and presets added to the user's own lists: an entry of the
 * file replaces the user's of the same name (ignoring case), the user's others stay. A setup
 * file sets things up once, as every setting it writes, and the user may change them afterwards;
 * only a policy keeps the office's entries read-only.
 */
export function withOwnLists(setup: OfficeSetup, own: Settings): OfficeSetup {
  const { descriptionTemplates, presets } = setup.settings;
  const added = <T extends { readonly name: string }>(from: readonly T[], to: readonly T[]) =>
    mergedEntries(from, to).map(({ managed: _managed, ...entry }) => entry as unknown as T);
  return {
    ...setup,
    settings: {
      ...setup.settings,
      ...(descriptionTemplates === undefined
        ? {}
        : { descriptionTemplates: added(descriptionTemplates, own.descriptionTemplates ?? []) }),
      ...(presets === undefined ? {} : { presets: added(presets, own.presets ?? []) }),
    },
  };
}

/**
 * Checks the text of a setup file, asks the front end to confirm what it sets, and applies it:
 * secrets to the keychain, settings to the settings file (through `SettingsStore.update`), then
 * the saved settings are applied and the window told. Nothing is saved unless all of it is valid
 * and all of it can be saved; a setting the organisation manages with another value refuses
 * the whole file, and so do secrets when this computer has no keychain to keep them.
 * @param name the file's name or path, for the question and the message (only its last part).
 * @returns applied, with what it set in words; or not applied (empty message) when declined.
 * @throws IpcFailure (`bad-input`, `failed`, or `ManagedSettingError`) with the sentence that
 *   says why.
 */
export async function applySetup(
  deps: SetupDeps,
  name: string,
  text: string,
): Promise<SetupResultView> {
  const parsed = parseSetupFile(text);
  if (!parsed.ok) throw new IpcFailure('bad-input', parsed.words);
  const setup = withOwnLists(parsed.setup, deps.settings.userSettings());
  const asked = planSetup(deps, setup);
  if (Object.values(setup.secrets).some((value) => value !== undefined) && !deps.secrets.persistent)
    throw new IpcFailure('failed', words('error.setup.noKeychain'));
  const shownName = basename(name);
  if (!(await deps.frontEnd.confirmSetup({ name: shownName, summary: asked.summary })))
    return CANCELLED;
  const now = planSetup(deps, setup);
  if (JSON.stringify(now.summary) !== JSON.stringify(asked.summary))
    throw new IpcFailure('failed', words('error.setup.policyChanged', { name: shownName }));
  await saveSetup(deps, setup, now.after);
  await deps.settingsApplied(Object.keys(setup.settings));
  return {
    applied: true,
    // The command line's English: its changes one after another, as its prompt listed them.
    message: englishFor(
      words('setup.saved', { name: shownName, changes: now.summary.map(englishFor).join('; ') }),
    ),
    name: shownName,
    changes: now.summary,
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
        return Promise.reject(new IpcFailure('failed', words('error.setup.windowCannotApply')));
      return applySetup(deps, input.name, input.text);
    },
  };
}
