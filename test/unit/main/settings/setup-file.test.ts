import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isSetupFileName,
  MAX_SETUP_FILE_BYTES,
  OFFICE_SETTING_NAMES,
  parseSetupFile,
  setupSummary,
  setupSummaryWords,
} from '../../../../main/settings/setup-file';
import { POLICY_SETTINGS } from '../../../../main/settings/policy-settings';
import { createTranslator } from '../../../../shared/i18n/translator';

const ROOT = join(import.meta.dirname, '../../../..');

const setupText = (body: Record<string, unknown>) =>
  JSON.stringify({ photoUploaderSetup: 1, ...body });

/** The sentence a refused setup file is refused with. */
const problemOf = (text: string): string => {
  const parsed = parseSetupFile(text);
  if (parsed.ok) throw new Error('the setup file was accepted');
  return parsed.problem;
};

describe('parseSetupFile', () => {
  it('takes settings by their own names and the three secrets, addresses without trailing slashes', () => {
    const parsed = parseSetupFile(
      setupText({
        settings: {
          authUrl: 'https://login.example.com/',
          baseUrl: 'https://photos.example.com/api/',
          clientId: 'photo-uploader',
          photoHost: { kind: 's3', region: 'eu-central-1', bucket: 'site-photos' },
          concurrency: 2,
          uploadHours: 'Mon-Fri 18:00-07:00',
        },
        secrets: { clientSecret: 'shh', s3AccessKeyId: 'AKIA1', s3SecretAccessKey: 'sk' },
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      setup: {
        settings: {
          authUrl: 'https://login.example.com',
          baseUrl: 'https://photos.example.com/api',
          clientId: 'photo-uploader',
          photoHost: {
            kind: 's3',
            region: 'eu-central-1',
            bucket: 'site-photos',
            prefix: '',
            pathStyle: false,
          },
          concurrency: 2,
          uploadHours: 'Mon-Fri 18:00-07:00',
        },
        secrets: { clientSecret: 'shh', s3AccessKeyId: 'AKIA1', s3SecretAccessKey: 'sk' },
      },
    });
  });

  it('needs only the version', () => {
    expect(parseSetupFile('{"photoUploaderSetup": 1}')).toEqual({
      ok: true,
      setup: { settings: {}, secrets: {} },
    });
  });

  it('refuses clear-text http to another computer, naming the setting and https', () => {
    const problem = problemOf(setupText({ settings: { baseUrl: 'http://photos.example.com' } }));
    expect(problem).toContain('"baseUrl"');
    expect(problem).toContain('use https');
    expect(problem).toContain('Nothing was changed.');
    expect(
      problemOf(
        setupText({
          settings: {
            photoHost: {
              kind: 's3',
              endpoint: 'http://s3.example.com',
              region: 'r',
              bucket: 'b',
            },
          },
        }),
      ),
    ).toMatch(/"photoHost\.endpoint".*use https/);
  });

  it('takes plain http on this computer', () => {
    expect(parseSetupFile(setupText({ settings: { authUrl: 'http://127.0.0.1:8080' } })).ok).toBe(
      true,
    );
  });

  it('refuses an unknown setting, secret or part by its name', () => {
    expect(problemOf(setupText({ settings: { colour: 'blue' } }))).toContain('"colour"');
    expect(problemOf(setupText({ secrets: { password: 'x' } }))).toContain('"password"');
    expect(problemOf(setupText({ extras: {} }))).toContain('"extras"');
  });

  it('refuses a bad value naming the setting', () => {
    expect(problemOf(setupText({ settings: { concurrency: 99 } }))).toContain('"concurrency"');
    expect(problemOf(setupText({ settings: { assumedZone: 'Mars/Olympus' } }))).toBe(
      'The setup file\'s setting "assumedZone" is not valid: "Mars/Olympus" is not a time zone this app knows. Nothing was changed.',
    );
    expect(problemOf(setupText({ settings: { uploadHours: 'whenever' } }))).toContain(
      '"uploadHours"',
    );
    expect(problemOf(setupText({ settings: 'all of them' }))).toContain('"settings"');
  });

  it('refuses what each person decides: their own state, camera clocks, tokens in a plain-text file', () => {
    for (const name of [
      'recentProjects',
      'window',
      'quitWithPending',
      'watchFolders',
      'cameraOffsets',
      'signInTokensInPlainTextFile',
    ])
      expect(problemOf(setupText({ settings: { [name]: true } }))).toContain(
        `"${name}" is each person’s own`,
      );
  });

  it('sets exactly what an organisation’s policy may set: one list for both', () => {
    expect(OFFICE_SETTING_NAMES).toEqual(Object.keys(POLICY_SETTINGS));
  });

  it('reads a file saved with a byte order mark (Notepad)', () => {
    const parsed = parseSetupFile(`\uFEFF${setupText({ settings: { concurrency: 2 } })}`);
    expect(parsed.ok && parsed.setup.settings).toEqual({ concurrency: 2 });
  });

  it('cleans values as Settings does: no trailing slash, a tile address without spaces', () => {
    const parsed = parseSetupFile(
      setupText({
        settings: {
          baseUrl: 'https://photos.example.com/api/',
          mapTileUrl: '  https://tiles.example.com/{z}/{x}/{y}.png ',
        },
      }),
    );
    expect(parsed.ok && parsed.setup.settings).toEqual({
      baseUrl: 'https://photos.example.com/api',
      mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png',
    });
  });

  it('refuses one of the photo host’s keys without the other', () => {
    expect(problemOf(setupText({ secrets: { s3AccessKeyId: 'AKIA1' } }))).toContain(
      '"s3SecretAccessKey"',
    );
  });

  it('says what is wrong with text that is not JSON, not a setup file, another version or too big', () => {
    expect(problemOf('{"photoUploaderSetup": 1,')).toBe(
      'This setup file cannot be read: it is not JSON text. Ask whoever sent it for a new copy. Nothing was changed.',
    );
    expect(problemOf('{"settings": {}}')).toContain('is not a Photo Uploader setup file');
    expect(problemOf('[1]')).toContain('is not a Photo Uploader setup file');
    expect(problemOf('{"photoUploaderSetup": 2}')).toBe(
      'This setup file is of version 2, and this Photo Uploader reads version 1 only. Update Photo Uploader, or ask for a file of version 1. Nothing was changed.',
    );
    expect(problemOf(' '.repeat(MAX_SETUP_FILE_BYTES + 1))).toContain('too big');
  });
});

describe('setupSummary', () => {
  it('says what the file sets and why it is refused in the window’s language too', () => {
    const parsed = parseSetupFile(
      setupText({ settings: { authUrl: 'https://login.example.com/o', concurrency: 2 } }),
    );
    if (!parsed.ok) throw new Error(parsed.problem);
    const es = createTranslator('es').t;
    expect(setupSummaryWords(parsed.setup).map((line) => es(line.key, line.values))).toEqual([
      'Iniciar sesión en https://login.example.com',
      'También establece: concurrency',
    ]);
    const refused = parseSetupFile('{"photoUploaderSetup": 1,');
    if (refused.ok) throw new Error('a broken file was read');
    expect(es(refused.words.key, refused.words.values)).toBe(
      'No se puede leer este archivo de configuración: no es texto JSON. Pida una copia nueva a quien se lo envió. No se ha cambiado nada.',
    );
  });

  it('names addresses by origin, the photo host and which secrets it carries, never their values', () => {
    const parsed = parseSetupFile(
      setupText({
        settings: {
          authUrl: 'https://login.example.com/oauth?tenant=x',
          baseUrl: 'https://photos.example.com:8443/api',
          clientId: 'photo-uploader',
          photoHost: {
            kind: 's3',
            endpoint: 'https://s3.example.com/path',
            region: 'eu-central-1',
            bucket: 'site-photos',
          },
          concurrency: 2,
          keepOriginals: true,
        },
        secrets: { clientSecret: 'shh-1234', s3AccessKeyId: 'AKIA1', s3SecretAccessKey: 'sk-99' },
      }),
    );
    if (!parsed.ok) throw new Error(parsed.problem);
    const summary = setupSummary(parsed.setup);
    expect(summary).toEqual([
      'Sign in at https://login.example.com',
      'Send photos and tokens to https://photos.example.com:8443',
      'Client id: “photo-uploader”',
      'Photo host: the bucket “site-photos” at https://s3.example.com (eu-central-1)',
      'Also sets: concurrency and keepOriginals',
      'Keeps in this computer’s keychain: the client secret for https://login.example.com (client id “photo-uploader”)',
      'Keeps in this computer’s keychain: the photo host’s keys for the bucket “site-photos” at https://s3.example.com',
    ]);
    expect(summary.join('\n')).not.toMatch(/shh-1234|AKIA1|sk-99|tenant/);
  });

  it('names AWS S3 for a bucket without an endpoint, and a published folder by its address', () => {
    const summaryOf = (settings: Record<string, unknown>) => {
      const parsed = parseSetupFile(setupText({ settings }));
      if (!parsed.ok) throw new Error(parsed.problem);
      return setupSummary(parsed.setup);
    };
    expect(
      summaryOf({ photoHost: { kind: 's3', region: 'us-east-1', bucket: 'b\u202e' } }),
    ).toEqual(['Photo host: the bucket “b\\u202e” at AWS S3 (us-east-1)']);
    expect(
      summaryOf({
        photoHost: {
          kind: 'published',
          root: '/srv/photos',
          urlPrefix: 'https://files.example.com/photos/',
        },
      }),
    ).toEqual(['Photo host: the folder “/srv/photos”, published at https://files.example.com']);
    expect(summaryOf({})).toEqual(['Sets nothing.']);
    expect(
      summaryOf({
        caFile: '/etc/ssl/office-ca.pem',
        mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png',
      }),
    ).toEqual([
      'Trust the certificate authorities in “/etc/ssl/office-ca.pem”',
      'Load the map’s tiles from https://tiles.example.com',
    ]);
  });

  it('says where new versions of the app would come from, by the feed’s address', () => {
    const parsed = parseSetupFile(
      setupText({
        settings: {
          updateUrl: 'https://updates.example.com/photo-uploader/feed',
          updates: 'notify',
          updateChannel: 'beta',
        },
      }),
    );
    if (!parsed.ok) throw new Error(parsed.problem);
    expect(setupSummary(parsed.setup)).toEqual([
      'Install new versions of Photo Uploader from https://updates.example.com (whatever that address offers is installed)',
      'Updates of Photo Uploader: only announced',
      'Also sets: updateChannel',
    ]);
  });
});

describe('the example setup file', () => {
  it('is a valid setup file that carries no real secret', async () => {
    const text = await readFile(join(ROOT, 'docs/examples/office.photouploader'), 'utf8');
    const parsed = parseSetupFile(text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.setup.settings.authUrl).toMatch(/^https:\/\/[^/]*example\.com/);
  });

  it('is the one the README shows', async () => {
    const text = await readFile(join(ROOT, 'docs/examples/office.photouploader'), 'utf8');
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`\`\`\`json\n${text}\`\`\``);
  });
});

describe('isSetupFileName', () => {
  it('knows a setup file by its extension, in any case', () => {
    expect(isSetupFileName('/home/ann/Downloads/office.photouploader')).toBe(true);
    expect(isSetupFileName('C:\\Users\\ann\\Office.PhotoUploader')).toBe(true);
    expect(isSetupFileName('/photos/IMG_0001.jpg')).toBe(false);
    expect(isSetupFileName('.photouploader')).toBe(false);
  });
});
