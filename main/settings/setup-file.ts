import { z } from 'zod';
import { printable } from '../../shared/domain/printable-text';
import { isPolicySetting, POLICY_SETTINGS, USER_ONLY_SETTINGS } from './policy-settings';
import type { Words } from '../../shared/i18n/translator';
import { englishFor, words } from '../../shared/i18n/words';
import { cleanedSettingValue, shownZone, zoneProblem } from './setting-values';
import { type Settings, type SettingsPatch, settingsSchema } from './settings-store';
import { shownOrigin, shownTileOrigin, shownValue } from './shown-values';

// A setup file (issue 23 §2): what IT sends to staff of a small office, `office.photouploader`,
// JSON: {"photoUploaderSetup": 1, "settings": {…}, "secrets": {…}}. Read here as plain functions;
// the core applies it (main/core/setup-handlers.ts).

/** The extension the operating system opens the app with (electron-builder.yml). */
export const SETUP_FILE_EXTENSION = '.photouploader';

/** The only version of the format this app reads. */
export const SETUP_FILE_VERSION = 1;

/** The largest setup file read, in bytes: a real one is a few hundred bytes. */
export const MAX_SETUP_FILE_BYTES = 100_000;

/** Settings each person decides for themself, which a setup file never sets. */
const PER_USER_SETTINGS: ReadonlySet<string> = new Set(USER_ONLY_SETTINGS);

/**
 * The settings a setup file may set: what an organisation may set (`POLICY_SETTINGS`), the
 * same list a policy is read with, so a new setting is IT's only once it is put there.
 */
export const OFFICE_SETTING_NAMES: readonly string[] = Object.keys(POLICY_SETTINGS);

/** The secrets a setup file may carry; they go to the keychain, never to the settings file. */
export const setupSecretsSchema = z
  .object({
    clientSecret: z.string().min(1).max(4096).optional(),
    s3AccessKeyId: z.string().min(1).max(1024).optional(),
    s3SecretAccessKey: z.string().min(1).max(4096).optional(),
  })
  .strict();

export type SetupSecrets = z.infer<typeof setupSecretsSchema>;

/** A setup file as read: the settings it sets (checked) and the secrets it carries. */
export type OfficeSetup = {
  readonly settings: SettingsPatch;
  readonly secrets: SetupSecrets;
};

/**
 * What reading a setup file came to: the setup, or why not, in words for the window and in
 * English (`problem`) for the command line.
 */
export type SetupParse =
  | { readonly ok: true; readonly setup: OfficeSetup }
  | { readonly ok: false; readonly problem: string; readonly words: Words };

/** The end of every sentence that refuses a setup file: it changed nothing (each message says it). */
export const NOTHING_CHANGED = 'Nothing was changed.';

const refused = (problem: Words): SetupParse => ({
  ok: false,
  problem: englishFor(problem),
  words: problem,
});

/** A plain object (JSON's `{…}`), not an array or null. */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A name from the file, as a message quotes it (each language with its own quotes): printable and short. */
const shownName = (name: string): string =>
  printable(name.length > 60 ? `${name.slice(0, 59)}…` : name);

/** The first problem of a setting's value, naming the setting (and the field inside it). */
function settingProblem(name: string, value: unknown): Words | undefined {
  if (!isPolicySetting(name)) return undefined;
  const parsed = settingsSchema.shape[name].safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = [name, ...(issue?.path ?? []).map(String)].join('.');
    // The schema's own words (English): they name what the value lacks, for IT to fix the file.
    return words('error.setupFile.badSetting', {
      name: shownName(where),
      problem: issue?.message ?? 'a value this app cannot use',
    });
  }
  // The settings handler's own checks beyond the schema.
  return name === 'assumedZone' && typeof value === 'string' && zoneProblem(value) !== undefined
    ? words('error.setupFile.badZone', { zone: shownZone(value) })
    : undefined;
}

/** The settings part, checked like Settings checks them; a problem names the setting. */
function readSettings(raw: unknown): { settings: SettingsPatch } | { problem: Words } {
  if (raw === undefined) return { settings: {} };
  if (!isRecord(raw)) return { problem: words('error.setupFile.settingsNotObject') };
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (PER_USER_SETTINGS.has(name))
      return { problem: words('error.setupFile.perUser', { name: shownName(name) }) };
    if (!isPolicySetting(name))
      return { problem: words('error.setupFile.unknownSetting', { name: shownName(name) }) };
    const cleaned = cleanedSettingValue(name, value);
    const problem = settingProblem(name, cleaned);
    if (problem !== undefined) return { problem };
    values[name] = cleaned;
  }
  return { settings: settingsSchema.parse(values) };
}

/** The secrets part; a problem names the secret. */
function readSecrets(raw: unknown): { secrets: SetupSecrets } | { problem: Words } {
  if (raw === undefined) return { secrets: {} };
  if (!isRecord(raw)) return { problem: words('error.setupFile.secretsNotObject') };
  const names = Object.keys(setupSecretsSchema.shape);
  const unknown = Object.keys(raw).find((name) => !names.includes(name));
  if (unknown !== undefined)
    return { problem: words('error.setupFile.unknownSecret', { name: shownName(unknown) }) };
  const parsed = setupSecretsSchema.safeParse(raw);
  if (!parsed.success) {
    const name = String(parsed.error.issues[0]?.path[0] ?? 'secrets');
    return { problem: words('error.setupFile.secretNotText', { name: shownName(name) }) };
  }
  const { s3AccessKeyId, s3SecretAccessKey } = parsed.data;
  if ((s3AccessKeyId === undefined) !== (s3SecretAccessKey === undefined))
    return {
      problem: words(
        'error.setupFile.keyWithoutPair',
        s3AccessKeyId === undefined
          ? { given: 's3SecretAccessKey', missing: 's3AccessKeyId' }
          : { given: 's3AccessKeyId', missing: 's3SecretAccessKey' },
      ),
    };
  return { secrets: parsed.data };
}

/**
 * Reads the text of a setup file, checked exactly like Settings: an address in clear-text http
 * to another computer, an unknown key or a bad value is refused with the key's name, and so is a
 * setting that is each person's own. Pure: it saves nothing.
 * @returns the setup, or the sentence (ending "Nothing was changed.") that says what is wrong.
 */
export function parseSetupFile(text: string): SetupParse {
  // Checked before parsing: a file of megabytes is never parsed.
  if (text.length > MAX_SETUP_FILE_BYTES)
    return refused(
      words('error.setupFile.tooBig', { size: text.length, max: MAX_SETUP_FILE_BYTES }),
    );
  let json: unknown;
  try {
    // A byte order mark, as Notepad writes one, is no part of the JSON text.
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return refused(words('error.setupFile.notJson'));
  }
  if (!isRecord(json) || !('photoUploaderSetup' in json))
    return refused(words('error.setupFile.notSetupFile', { version: SETUP_FILE_VERSION }));
  const version = json.photoUploaderSetup;
  if (version !== SETUP_FILE_VERSION)
    return refused(
      words('error.setupFile.version', {
        found: printable(JSON.stringify(version)).slice(0, 20),
        version: SETUP_FILE_VERSION,
      }),
    );
  const extra = Object.keys(json).find(
    (key) => key !== 'photoUploaderSetup' && key !== 'settings' && key !== 'secrets',
  );
  if (extra !== undefined)
    return refused(words('error.setupFile.unknownPart', { name: shownName(extra) }));
  const settings = readSettings(json.settings);
  if ('problem' in settings) return refused(settings.problem);
  const secrets = readSecrets(json.secrets);
  if ('problem' in secrets) return refused(secrets.problem);
  return { ok: true, setup: { settings: settings.settings, secrets: secrets.secrets } };
}

/** The settings the summary names by their own lines; the rest are listed by name. */
const DESCRIBED = new Set([
  'authUrl',
  'baseUrl',
  'clientId',
  'photoHost',
  'caFile',
  'mapTileUrl',
  'updateUrl',
  'updates',
]);

/**
 * Where the setup's secrets would be kept, in words, one line each: the client secret with the
 * sign-in server and client id it belongs to, the photo host's keys with their bucket. `after` is
 * the settings in effect once the setup is applied; without it (before the data folder is open),
 * what the file itself names, else the service set on this computer.
 */
function carriedSecrets(setup: OfficeSetup, after: Partial<Settings> | undefined): Words[] {
  const { settings, secrets } = setup;
  const carried: Words[] = [];
  if (secrets.clientSecret !== undefined) {
    const authUrl = after?.authUrl ?? settings.authUrl;
    const clientId = after?.clientId ?? settings.clientId;
    carried.push(
      authUrl !== undefined && clientId !== undefined
        ? words('setup.summary.keepsClientSecret', {
            origin: shownOrigin(authUrl),
            clientId: shownValue(clientId),
          })
        : words('setup.summary.keepsClientSecretHere'),
    );
  }
  if (secrets.s3AccessKeyId !== undefined) {
    const host = after?.photoHost ?? settings.photoHost;
    carried.push(
      host?.kind === 's3'
        ? words('setup.summary.keepsHostKeys', {
            bucket: shownValue(host.bucket),
            endpoint: endpointOf(host.endpoint),
          })
        : words('setup.summary.keepsHostKeysHere'),
    );
  }
  return carried;
}

/** An S3 endpoint as the summary names it: its origin, or AWS's own name (the same in every language). */
const endpointOf = (endpoint: string | undefined): string =>
  endpoint === undefined ? 'AWS S3' : shownOrigin(endpoint);

/**
 * What a setup file sets, in words, one line each, for the confirmation, the window and the
 * command line's prompt: addresses by origin only, the photo host by bucket, place and region (or
 * the published folder), the other settings by name, and which secrets it carries for which
 * service, never their values.
 * @param after the settings in effect once it is applied, which name the service a secret goes
 *   to when the file does not.
 */
export function setupSummaryWords(setup: OfficeSetup, after?: Partial<Settings>): Words[] {
  const { settings } = setup;
  const lines: Words[] = [];
  if (settings.authUrl !== undefined)
    lines.push(words('setup.summary.signIn', { origin: shownOrigin(settings.authUrl) }));
  if (settings.baseUrl !== undefined)
    lines.push(words('setup.summary.sendTo', { origin: shownOrigin(settings.baseUrl) }));
  if (settings.clientId !== undefined)
    lines.push(words('setup.summary.clientId', { clientId: shownValue(settings.clientId) }));
  const host = settings.photoHost;
  if (host?.kind === 's3')
    lines.push(
      words('setup.summary.s3Host', {
        bucket: shownValue(host.bucket),
        endpoint: endpointOf(host.endpoint),
        region: printable(host.region),
      }),
    );
  if (host?.kind === 'published')
    lines.push(
      words('setup.summary.publishedHost', {
        root: shownValue(host.root),
        origin: shownOrigin(host.urlPrefix),
      }),
    );
  // A trusted CA can read every connection, and a tile server learns where the photos are: both
  // are said as plainly as a new address.
  if (settings.caFile !== undefined)
    lines.push(words('setup.summary.caFile', { file: shownValue(settings.caFile) }));
  if (settings.mapTileUrl !== undefined)
    lines.push(words('setup.summary.mapTiles', { origin: shownTileOrigin(settings.mapTileUrl) }));
  // A feed of updates runs its code on this computer: its address is said, not only its name.
  if (settings.updateUrl !== undefined)
    lines.push(words('setup.summary.updateFeed', { origin: shownOrigin(settings.updateUrl) }));
  if (settings.updates !== undefined)
    lines.push(words('setup.summary.updates', { mode: settings.updates }));
  // A preset that moves files is said with its folder: photos would leave where people keep them.
  for (const preset of settings.presets ?? [])
    if (preset.afterUpload?.kind === 'move')
      lines.push(
        words('setup.summary.presetMoves', {
          name: shownValue(preset.name),
          folder: shownValue(preset.afterUpload.folder),
        }),
      );
  const others = Object.keys(settings).filter(
    (name) => !DESCRIBED.has(name) && settings[name as keyof Settings] !== undefined,
  );
  // The settings' own names, as a setup file writes them (the same in every language).
  if (others.length > 0) lines.push(words('setup.summary.alsoSets', { names: others }));
  lines.push(...carriedSecrets(setup, after));
  return lines.length > 0 ? lines : [words('setup.summary.nothing')];
}

/** {@link setupSummaryWords} in English: the command line's prompt. */
export function setupSummary(setup: OfficeSetup, after?: Partial<Settings>): string[] {
  return setupSummaryWords(setup, after).map(englishFor);
}

/** Whether `path` names a setup file, by its extension (any case). */
export function isSetupFileName(path: string): boolean {
  const name = path.split(/[\\/]/).pop() ?? '';
  return (
    name.length > SETUP_FILE_EXTENSION.length && name.toLowerCase().endsWith(SETUP_FILE_EXTENSION)
  );
}
