import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandLineFrontEnd, type FrontEnd } from '../../../../main/core/front-end';
import {
  openSetupFile,
  readSetupFile,
  type SetupDeps,
  setupHandlers,
} from '../../../../main/core/setup-handlers';
import type { ConfirmationQuestion } from '../../../../main/core/sensitive-change';
import { WindowFrontEnd } from '../../../../main/desktop/window-front-end';
import { Redactor, silentLogger } from '../../../../main/logging/logger';
import { InMemorySecretStore } from '../../../../main/secrets/in-memory-secret-store';
import { secretNames } from '../../../../main/secrets/secret-names';
import type { SecretStore } from '../../../../main/secrets/secret-store';
import { SettingsStore } from '../../../../main/settings/settings-store';
import { s3SecretNames } from '../../../../main/staging/open-photo-host';
import { needs } from '../../../support/platform-needs';

const needsFifoAndSymlinksAndDeviceFiles = needs('fifo', 'symlinks', 'device-files');

const office = {
  photoUploaderSetup: 1,
  settings: {
    authUrl: 'https://login.example.com/',
    baseUrl: 'https://photos.example.com/api',
    clientId: 'office-client',
    photoHost: {
      kind: 's3',
      endpoint: 'https://s3.example.com',
      region: 'eu-central-1',
      bucket: 'site-photos',
    },
    concurrency: 2,
  },
  secrets: {
    clientSecret: 'client-secret-123',
    s3AccessKeyId: 'AKIAOFFICE',
    s3SecretAccessKey: 's3-secret-456',
  },
};
const host = { ...office.settings.photoHost, kind: 's3', prefix: '', pathStyle: false } as const;

/** A keychain in memory that says it keeps what it is given, counting what was saved in it. */
class CountingSecretStore implements SecretStore {
  readonly #memory = new InMemorySecretStore();
  persistent = true;
  size = 0;
  /** The write (1 = the first) that fails, as a keychain that refuses; none when undefined. */
  failingWrite: number | undefined;
  get(name: string): Promise<string | undefined> {
    return this.#memory.get(name);
  }
  set(name: string, value: string): Promise<void> {
    this.size += 1;
    if (this.size === this.failingWrite) return Promise.reject(new Error('the keychain refused'));
    return this.#memory.set(name, value);
  }
  delete(name: string): Promise<void> {
    return this.#memory.delete(name);
  }
}

describe('setup handlers', () => {
  let dir: string;
  let settings: SettingsStore;
  let secrets: CountingSecretStore;
  let redactor: Redactor;
  let reconfigured: number;
  let applied: (readonly string[])[];
  let chosen: string[][];
  let kindsChosen: string[];

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'setup-'));
    settings = new SettingsStore(dir, silentLogger);
    secrets = new CountingSecretStore();
    redactor = new Redactor();
    reconfigured = 0;
    applied = [];
    chosen = [];
    kindsChosen = [];
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const depsFor = (frontEnd: FrontEnd): SetupDeps => ({
    settings,
    settingsApplied: (changed) => {
      reconfigured += 1;
      applied.push(changed);
      return Promise.resolve();
    },
    secrets,
    redactor,
    frontEnd,
    chooser: {
      choose: (kind) => {
        kindsChosen.push(kind);
        return Promise.resolve(chosen.shift() ?? []);
      },
    },
  });
  const handlersFor = (frontEnd: FrontEnd) => setupHandlers(depsFor(frontEnd));
  const failureOf = (work: Promise<unknown>) =>
    work.then(
      () => 'applied',
      (error: Error) => error.message,
    );
  /** What a refused setup must leave: no settings file, no secret, no reconfiguration. */
  const expectNothingSaved = async () => {
    expect(await readdir(dir)).toEqual([]);
    expect(secrets.size).toBe(0);
    expect(reconfigured).toBe(0);
  };

  it('applies a setup file from the command line: settings to the file, secrets to the keychain', async () => {
    const result = await handlersFor(commandLineFrontEnd)['setup:apply']({
      name: '/home/it/office.photouploader',
      text: JSON.stringify(office),
    });
    expect(result.applied).toBe(true);
    expect(result.message).toBe(
      'The setup in “office.photouploader” was saved. Sign in at https://login.example.com; Send photos and tokens to https://photos.example.com; Client id: “office-client”; Photo host: the bucket “site-photos” at https://s3.example.com (eu-central-1); Also sets: concurrency; Keeps in this computer’s keychain: the client secret for https://login.example.com (client id “office-client”); Keeps in this computer’s keychain: the photo host’s keys for the bucket “site-photos” at https://s3.example.com.',
    );
    // Applied like a saved settings change: the window's Settings are told (settings:changed).
    expect(applied).toEqual([['authUrl', 'baseUrl', 'clientId', 'photoHost', 'concurrency']]);
    expect(settings.get()).toMatchObject({
      authUrl: 'https://login.example.com',
      clientId: 'office-client',
      photoHost: host,
      concurrency: 2,
    });
    expect(
      await secrets.get(secretNames('https://login.example.com', 'office-client').clientSecret),
    ).toBe('client-secret-123');
    expect(await secrets.get(s3SecretNames(host).accessKeyId)).toBe('AKIAOFFICE');
    expect(await secrets.get(s3SecretNames(host).secretAccessKey)).toBe('s3-secret-456');
    expect(redactor.text('a client-secret-123 b s3-secret-456 c AKIAOFFICE')).not.toMatch(
      /client-secret-123|s3-secret-456|AKIAOFFICE/,
    );
    expect(reconfigured).toBe(1);
    const file = await readFile(join(dir, 'settings.json'), 'utf8');
    expect(file).not.toMatch(/client-secret-123|s3-secret-456|AKIAOFFICE/);
  });

  it('refuses an invalid setup file whole: clear-text http, naming https, saves nothing', async () => {
    const insecure = {
      ...office,
      settings: { ...office.settings, baseUrl: 'http://photos.example.com' },
    };
    expect(
      await failureOf(
        handlersFor(commandLineFrontEnd)['setup:apply']({
          name: 'office.photouploader',
          text: JSON.stringify(insecure),
        }),
      ),
    ).toMatch(/"baseUrl".*use https.*Nothing was changed\./);
    await expectNothingSaved();
  });

  it('refuses a setup file that changes a setting the organisation manages, naming it', async () => {
    settings.usePolicy({
      kind: 'applied',
      origin: '/etc/photo-uploader/policy.json',
      values: { concurrency: 8 },
    });
    expect(
      await failureOf(
        handlersFor(commandLineFrontEnd)['setup:apply']({
          name: 'office.photouploader',
          text: JSON.stringify(office),
        }),
      ),
    ).toBe(
      'Your organisation manages concurrency, so it cannot be changed here. Nothing was changed.',
    );
    await expectNothingSaved();
    // The policy's own value is no change.
    const same = { ...office, settings: { ...office.settings, concurrency: 8 } };
    const result = await handlersFor(commandLineFrontEnd)['setup:apply']({
      name: 'office.photouploader',
      text: JSON.stringify(same),
    });
    expect(result.applied).toBe(true);
  });

  it('refuses secrets it has nowhere to keep: a client secret without a service, keys without an S3 host', async () => {
    const apply = (body: unknown) =>
      failureOf(
        handlersFor(commandLineFrontEnd)['setup:apply']({
          name: 'office.photouploader',
          text: JSON.stringify(body),
        }),
      );
    expect(
      await apply({ photoUploaderSetup: 1, secrets: { clientSecret: 'client-secret-123' } }),
    ).toContain('"clientSecret"');
    expect(
      await apply({
        photoUploaderSetup: 1,
        secrets: { s3AccessKeyId: 'AKIAOFFICE', s3SecretAccessKey: 's3-secret-456' },
      }),
    ).toContain('"s3AccessKeyId"');
    await expectNothingSaved();
  });

  it('opens a setup file for the window: the open dialog, then the native confirmation', async () => {
    const file = join(dir, 'office.photouploader');
    await writeFile(file, JSON.stringify(office));
    const asked: ConfirmationQuestion[] = [];
    const answers = [false, true];
    const window = new WindowFrontEnd((question) => {
      asked.push(question);
      return Promise.resolve(answers.shift() ?? false);
    });
    const handlers = handlersFor(window);
    chosen.push([file], [file]);

    expect(await handlers['setup:open']({})).toEqual({ applied: false, message: '' });
    expect(kindsChosen).toEqual(['setup-file']);
    expect(asked[0]?.message).toBe('Apply the setup in “office.photouploader”?');
    expect(asked[0]?.detail).toContain(
      'Photo host: the bucket “site-photos” at https://s3.example.com (eu-central-1)',
    );
    expect(asked[0]?.detail).not.toMatch(/client-secret-123|s3-secret-456|AKIAOFFICE/);
    expect(asked[0]?.buttons).toEqual(['Cancel', 'Apply']);
    expect(secrets.size).toBe(0);
    expect(reconfigured).toBe(0);

    const applied = await handlers['setup:open']({});
    expect(applied.applied).toBe(true);
    expect(settings.get().clientId).toBe('office-client');
    expect(reconfigured).toBe(1);
    // A cancelled dialog changes nothing.
    expect(await handlers['setup:open']({})).toEqual({ applied: false, message: '' });
  });

  it('never takes a setup file’s text from the window', async () => {
    const window = new WindowFrontEnd(() => Promise.resolve(true));
    expect(
      await failureOf(handlersFor(window)['setup:apply']({ name: 'x.photouploader', text: '{}' })),
    ).toContain('Open a setup file');
  });

  it('says when a file is too big or cannot be read', async () => {
    const deps = depsFor(commandLineFrontEnd);
    const big = join(dir, 'big.photouploader');
    await writeFile(big, ' '.repeat(2_000_000));
    expect(await failureOf(openSetupFile(deps, big))).toContain('too big');
    expect(await failureOf(openSetupFile(deps, join(dir, 'gone.photouploader')))).toBe(
      'The setup file “gone.photouploader” cannot be read: it does not exist. Nothing was changed.',
    );
  });

  it('names the service a secret goes to when the file does not: the one set in Settings', async () => {
    settings.update({
      authUrl: 'https://login.example.com',
      clientId: 'office-client',
      photoHost: host,
    });
    const result = await handlersFor(commandLineFrontEnd)['setup:apply']({
      name: 'keys.photouploader',
      text: JSON.stringify({ photoUploaderSetup: 1, secrets: office.secrets }),
    });
    expect(result.message).toBe(
      'The setup in “keys.photouploader” was saved. Keeps in this computer’s keychain: the client secret for https://login.example.com (client id “office-client”); Keeps in this computer’s keychain: the photo host’s keys for the bucket “site-photos” at https://s3.example.com.',
    );
  });

  it('refuses secrets when no keychain keeps them, saying what to do, and saves nothing', async () => {
    secrets.persistent = false;
    expect(
      await failureOf(
        handlersFor(commandLineFrontEnd)['setup:apply']({
          name: 'office.photouploader',
          text: JSON.stringify(office),
        }),
      ),
    ).toMatch(/no keychain.*Nothing was changed\.$/);
    await expectNothingSaved();
    // A file without secrets needs no keychain.
    const { secrets: _carried, ...withoutSecrets } = office;
    expect(
      (
        await handlersFor(commandLineFrontEnd)['setup:apply']({
          name: 'office.photouploader',
          text: JSON.stringify(withoutSecrets),
        })
      ).applied,
    ).toBe(true);
  });

  it('is all or nothing: when the keychain refuses a later secret, the earlier ones are as before', async () => {
    const name = secretNames('https://login.example.com', 'office-client').clientSecret;
    await secrets.set(name, 'the-old-secret');
    secrets.size = 0;
    secrets.failingWrite = 2;
    expect(
      await failureOf(
        handlersFor(commandLineFrontEnd)['setup:apply']({
          name: 'office.photouploader',
          text: JSON.stringify(office),
        }),
      ),
    ).toContain('the keychain refused');
    expect(await secrets.get(name)).toBe('the-old-secret');
    expect(await secrets.get(s3SecretNames(host).accessKeyId)).toBeUndefined();
    expect(await secrets.get(s3SecretNames(host).secretAccessKey)).toBeUndefined();
    expect(await readdir(dir)).toEqual([]);
    expect(reconfigured).toBe(0);
  });

  it('checks the organisation’s settings again after the user confirmed, before saving anything', async () => {
    const window = new WindowFrontEnd(() => {
      // The policy changes while the confirmation is open.
      settings.usePolicy({ kind: 'applied', origin: 'policy', values: { concurrency: 8 } });
      return Promise.resolve(true);
    });
    chosen.push([join(dir, 'office.photouploader')]);
    await writeFile(join(dir, 'office.photouploader'), JSON.stringify(office));
    expect(await failureOf(handlersFor(window)['setup:open']({}))).toBe(
      'Your organisation manages concurrency, so it cannot be changed here. Nothing was changed.',
    );
    expect(secrets.size).toBe(0);
    expect(await readdir(dir)).toEqual(['office.photouploader']);
    expect(reconfigured).toBe(0);
  });

  it.skipIf(needsFifoAndSymlinksAndDeviceFiles.skip)(
    needsFifoAndSymlinksAndDeviceFiles.title(
      'refuses what is not a regular file without waiting on it: a pipe, a device, a folder, links to them',
    ),
    async () => {
      const fifo = join(dir, 'pipe.photouploader');
      execFileSync('mkfifo', [fifo]);
      await symlink(fifo, join(dir, 'link.photouploader'));
      await symlink('/dev/zero', join(dir, 'zero.photouploader'));
      await mkdir(join(dir, 'folder.photouploader'));
      const notAFile = (name: string) =>
        `The setup file “${name}” cannot be read: it is not a file but a device, a pipe or a socket. Nothing was changed.`;
      expect(await failureOf(readSetupFile(fifo))).toBe(notAFile('pipe.photouploader'));
      expect(await failureOf(readSetupFile(join(dir, 'link.photouploader')))).toBe(
        notAFile('link.photouploader'),
      );
      expect(await failureOf(readSetupFile(join(dir, 'zero.photouploader')))).toBe(
        notAFile('zero.photouploader'),
      );
      expect(await failureOf(readSetupFile(join(dir, 'folder.photouploader')))).toBe(
        'The setup file “folder.photouploader” cannot be read: it is a folder. Nothing was changed.',
      );
    },
    5_000,
  );
});
