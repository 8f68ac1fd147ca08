import { z } from 'zod';
import { escapedCharacter, printable } from '../../shared/domain/printable-text';
import { isKnownZone } from '../media/capture-time';
import { type Settings, type SettingsPatch, settingsSchema } from './settings-store';

// A setup file (issue 23 §2): what IT sends to staff of a small office, `office.photouploader`,
// JSON: {"photoUploaderSetup": 1, "settings": {…}, "secrets": {…}}. Read here as plain functions;
// the core applies it (main/core/setup-handlers.ts).

/** The extension the operating system opens the app with (electron-builder.yml). */
export const SETUP_FILE_EXTENSION = '.photouploader';

/** The only version of the format this app reads. */
export const SETUP_FILE_VERSION = 1;

/** The largest setup file read, in bytes: a real one is a few hundred bytes. */
export const MAX_SETUP_FILE_BYTES = 100_000;

/**
 * Settings that are each person's own state, not an office's choice: the recent projects, the
 * window's place, the remembered quit choice, and the folders this person's computer watches.
 */
const PER_USER_SETTINGS: ReadonlySet<string> = new Set([
  'recentProjects',
  'window',
  'quitWithPending',
  'watchFolders',
]);

/** The settings a setup file may set: every setting but each person's own state. */
export const OFFICE_SETTING_NAMES: readonly string[] = Object.keys(settingsSchema.shape).filter(
  (name) => !PER_USER_SETTINGS.has(name),
);

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

/** What reading a setup file came to: the setup, or the sentence that says why not. */
export type SetupParse =
  | { readonly ok: true; readonly setup: OfficeSetup }
  | { readonly ok: false; readonly problem: string };

const NOTHING_CHANGED = 'Nothing was changed.';

const refused = (problem: string): SetupParse => ({
  ok: false,
  problem: `${problem} ${NOTHING_CHANGED}`,
});

/** A plain object (JSON's `{…}`), not an array or null. */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A name from the file, as a message quotes it: printable and short. */
const quotedName = (name: string): string =>
  `"${printable(name.length > 60 ? `${name.slice(0, 59)}…` : name)}"`;

/** Quotation marks, straight and curly: a value that held one could close its own quotes. */
const QUOTATION_MARKS = /["“”‘’']/gu;

/** A value from the file as the confirmation shows it: one line, escaped, quoted, cut to 80. */
function shownValue(value: string): string {
  const escaped = printable(value).replace(QUOTATION_MARKS, escapedCharacter);
  return `“${escaped.length > 80 ? `${escaped.slice(0, 79)}…` : escaped}”`;
}

/**
 * An address as the confirmation shows it: its origin only (a path or a query could carry words
 * of the sender's choosing), the host as the WHATWG parser spells it.
 */
function shownOrigin(address: string): string {
  return URL.canParse(address) ? printable(new URL(address).origin) : 'an unreadable address';
}

/** A service address as settings keep it: without trailing slashes. */
const withoutTrailingSlash = (url: string): string => url.replace(/\/+$/, '');

/** The first problem of a setting's value, naming the setting (and the field inside it). */
function settingProblem(name: string, value: unknown): string | undefined {
  const field = settingsSchema.shape[name as keyof Settings];
  const parsed = field.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = [name, ...(issue?.path ?? []).map(String)].join('.');
    return `The setup file's setting ${quotedName(where)} is not valid: ${issue?.message ?? 'a value this app cannot use'}.`;
  }
  // The settings handler's own checks beyond the schema.
  if (name === 'assumedZone' && typeof value === 'string' && !isKnownZone(value))
    return `The setup file's setting "assumedZone" is not valid: ${quotedName(value)} is not a time zone this app knows.`;
  return undefined;
}

/** The settings part, checked like Settings checks them; a problem names the setting. */
function readSettings(raw: unknown): { settings: SettingsPatch } | { problem: string } {
  if (raw === undefined) return { settings: {} };
  if (!isRecord(raw))
    return { problem: 'The setup file\'s "settings" must be an object of settings by name.' };
  const known = new Set(Object.keys(settingsSchema.shape));
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (PER_USER_SETTINGS.has(name))
      return {
        problem: `The setup file sets ${quotedName(name)}, but ${quotedName(name)} is each person’s own and cannot come from a setup file.`,
      };
    if (!known.has(name))
      return {
        problem: `The setup file's setting ${quotedName(name)} is not a setting this app knows (a setup file uses the settings' own names, such as "baseUrl").`,
      };
    const problem = settingProblem(name, value);
    if (problem !== undefined) return { problem };
    values[name] =
      (name === 'authUrl' || name === 'baseUrl') && typeof value === 'string'
        ? withoutTrailingSlash(value)
        : value;
  }
  return { settings: settingsSchema.parse(values) };
}

/** The secrets part; a problem names the secret. */
function readSecrets(raw: unknown): { secrets: SetupSecrets } | { problem: string } {
  if (raw === undefined) return { secrets: {} };
  if (!isRecord(raw))
    return { problem: 'The setup file\'s "secrets" must be an object of secrets by name.' };
  const names = Object.keys(setupSecretsSchema.shape);
  const unknown = Object.keys(raw).find((name) => !names.includes(name));
  if (unknown !== undefined)
    return {
      problem: `The setup file's secret ${quotedName(unknown)} is not one this app knows (it takes "clientSecret", "s3AccessKeyId" and "s3SecretAccessKey").`,
    };
  const parsed = setupSecretsSchema.safeParse(raw);
  if (!parsed.success) {
    const name = String(parsed.error.issues[0]?.path[0] ?? 'secrets');
    return {
      problem: `The setup file's secret ${quotedName(name)} is not valid: it must be text.`,
    };
  }
  const { s3AccessKeyId, s3SecretAccessKey } = parsed.data;
  if ((s3AccessKeyId === undefined) !== (s3SecretAccessKey === undefined))
    return {
      problem: `The setup file carries ${s3AccessKeyId === undefined ? '"s3SecretAccessKey" without "s3AccessKeyId"' : '"s3AccessKeyId" without "s3SecretAccessKey"'}: the photo host's keys come as a pair.`,
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
      `This file is too big to be a setup file: it has ${text.length} characters, and a setup file has at most ${MAX_SETUP_FILE_BYTES}.`,
    );
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refused(
      'This setup file cannot be read: it is not JSON text. Ask whoever sent it for a new copy.',
    );
  }
  if (!isRecord(json) || !('photoUploaderSetup' in json))
    return refused(
      `This is not a Photo Uploader setup file: it does not start with "photoUploaderSetup": ${SETUP_FILE_VERSION}.`,
    );
  const version = json.photoUploaderSetup;
  if (version !== SETUP_FILE_VERSION)
    return refused(
      `This setup file is of version ${printable(JSON.stringify(version)).slice(0, 20)}, and this Photo Uploader reads version ${SETUP_FILE_VERSION} only. Update Photo Uploader, or ask for a file of version ${SETUP_FILE_VERSION}.`,
    );
  const extra = Object.keys(json).find(
    (key) => key !== 'photoUploaderSetup' && key !== 'settings' && key !== 'secrets',
  );
  if (extra !== undefined)
    return refused(
      `The setup file has ${quotedName(extra)}, which this app does not know (a setup file has "photoUploaderSetup", "settings" and "secrets").`,
    );
  const settings = readSettings(json.settings);
  if ('problem' in settings) return refused(settings.problem);
  const secrets = readSecrets(json.secrets);
  if ('problem' in secrets) return refused(secrets.problem);
  return { ok: true, setup: { settings: settings.settings, secrets: secrets.secrets } };
}

/** The settings the summary names by their own lines; the rest are listed by name. */
const DESCRIBED = new Set(['authUrl', 'baseUrl', 'clientId', 'photoHost']);

/**
 * What a setup file sets, in words, one line each, for the confirmation and the command line's
 * prompt: addresses by origin only, the photo host by bucket, place and region (or the published
 * folder), the other settings by name, and which secrets it carries, never their values.
 */
export function setupSummary(setup: OfficeSetup): string[] {
  const { settings, secrets } = setup;
  const lines: string[] = [];
  if (settings.authUrl !== undefined) lines.push(`Sign in at ${shownOrigin(settings.authUrl)}`);
  if (settings.baseUrl !== undefined)
    lines.push(`Send photos and tokens to ${shownOrigin(settings.baseUrl)}`);
  if (settings.clientId !== undefined) lines.push(`Client id: ${shownValue(settings.clientId)}`);
  const host = settings.photoHost;
  if (host?.kind === 's3')
    lines.push(
      `Photo host: the bucket ${shownValue(host.bucket)} at ${host.endpoint === undefined ? 'AWS S3' : shownOrigin(host.endpoint)} (${printable(host.region)})`,
    );
  if (host?.kind === 'published')
    lines.push(
      `Photo host: the folder ${shownValue(host.root)}, published at ${shownOrigin(host.urlPrefix)}`,
    );
  const others = Object.keys(settings).filter(
    (name) => !DESCRIBED.has(name) && settings[name as keyof Settings] !== undefined,
  );
  if (others.length > 0) lines.push(`Also sets: ${others.join(', ')}`);
  const carried = [
    secrets.clientSecret !== undefined ? 'the client secret' : undefined,
    secrets.s3AccessKeyId !== undefined ? 'the photo host’s keys' : undefined,
  ].filter((words): words is string => words !== undefined);
  if (carried.length > 0) lines.push(`Keeps in this computer’s keychain: ${carried.join(', ')}`);
  return lines.length > 0 ? lines : ['Sets nothing.'];
}

/** Whether `path` names a setup file, by its extension (any case). */
export function isSetupFileName(path: string): boolean {
  const name = path.split(/[\\/]/).pop() ?? '';
  return (
    name.length > SETUP_FILE_EXTENSION.length && name.toLowerCase().endsWith(SETUP_FILE_EXTENSION)
  );
}
