import { mkdtemp, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfirmationQuestion } from '../../../main/core/sensitive-change';
import { WindowFrontEnd } from '../../../main/desktop/window-front-end';
import { InMemorySecretStore } from '../../../main/secrets/in-memory-secret-store';
import { FilePolicySource } from '../../../main/settings/file-policy-source';
import type { PolicyRead, PolicySource } from '../../../main/settings/policy-source';
import { s3SecretNames } from '../../../main/staging/open-photo-host';
import { createIpcDispatcher } from '../../../shared/ipc/dispatcher';
import type { SettingsView } from '../../../shared/ipc/views';
import { offlineCores } from '../../support/offline-core';

const managedHost = {
  kind: 's3',
  endpoint: 'https://s3.example.com',
  region: 'eu-west-1',
  bucket: 'office-photos',
  urlLifetimeSeconds: 3600,
} as const;

/** A policy that is always `values`. */
const fixedPolicy = (values: Record<string, unknown>): PolicySource => ({
  origin: '/etc/photo-uploader/policy.json',
  read: (): Promise<PolicyRead> => Promise.resolve({ kind: 'values', values }),
  watch: () => () => undefined,
});

describe('saving Settings under an organisation’s policy', () => {
  const startCore = offlineCores();

  async function windowOf(policy: PolicySource) {
    const secrets = new InMemorySecretStore();
    const started = await startCore({ prefix: 'managed-save-', policy, secrets });
    const asked: ConfirmationQuestion[] = [];
    const window = createIpcDispatcher(
      started.core.handlersFor(
        new WindowFrontEnd((question) => {
          asked.push(question);
          return Promise.resolve(true);
        }),
      ),
    );
    const view = (): Promise<SettingsView> => started.core.settingsView();
    return { ...started, window, asked, secrets, view };
  }

  it('takes the form sent back whole, managed values and all, and saves the rest', async () => {
    const { window, view, asked, savedSettings } = await windowOf(
      fixedPolicy({ authUrl: 'https://sso.example.com/', concurrency: 2, photoHost: managedHost }),
    );
    const shown = await view();
    expect(shown.managed).toEqual(['authUrl', 'concurrency', 'photoHost']);
    expect(shown.policyOrigin).toBe('/etc/photo-uploader/policy.json');
    const host = shown.photoHost;
    if (host?.kind !== 's3') throw new Error('the managed host is shown');
    const saved = await window(
      'settings:set',
      {
        authUrl: shown.authUrl,
        concurrency: shown.concurrency,
        photoHost: {
          kind: 's3',
          region: host.region,
          bucket: host.bucket,
          prefix: host.prefix,
          pathStyle: host.pathStyle,
          ...(host.endpoint === undefined ? {} : { endpoint: host.endpoint }),
        },
        farMeters: 900,
      },
      { trusted: true },
    );
    expect(saved).toMatchObject({ ok: true, value: { farMeters: 900 } });
    expect(asked).toEqual([]);
    expect(await savedSettings()).toEqual({ farMeters: 900 });
  }, 60_000);

  it('refuses a change to a managed setting before asking anything, saving nothing', async () => {
    const { window, asked, dataDir } = await windowOf(
      fixedPolicy({ baseUrl: 'https://photos.example.com', concurrency: 2 }),
    );
    const refused = await window(
      'settings:set',
      { baseUrl: 'https://elsewhere.example.com', concurrency: 5, farMeters: 900 },
      { trusted: true },
    );
    expect(refused).toEqual({
      ok: false,
      code: 'failed',
      message:
        'Your organisation manages baseUrl and concurrency, so they cannot be changed here. Nothing was changed.',
      words: {
        key: 'error.settings.managed',
        values: { settings: ['baseUrl', 'concurrency'], count: 2 },
      },
    });
    expect(asked).toEqual([]);
    await expect(
      import('node:fs/promises').then((fs) => fs.readFile(join(dataDir, 'settings.json'), 'utf8')),
    ).rejects.toThrow();
  }, 60_000);

  it('keeps the keys of the managed photo host, after asking', async () => {
    const { window, asked, secrets, view } = await windowOf(
      fixedPolicy({ photoHost: managedHost }),
    );
    const saved = await window(
      'settings:set',
      {
        photoHost: {
          kind: 's3',
          endpoint: managedHost.endpoint,
          region: managedHost.region,
          bucket: managedHost.bucket,
          accessKeyId: 'AKIAOFFICE',
          secretAccessKey: 'office-secret',
        },
      },
      { trusted: true },
    );
    expect(saved.ok, saved.ok ? '' : saved.message).toBe(true);
    expect(asked).toHaveLength(1);
    expect(
      await secrets.get(
        s3SecretNames({ ...managedHost, prefix: '', pathStyle: false }).secretAccessKey,
      ),
    ).toBe('office-secret');
    expect((await view()).photoHost).toMatchObject({ bucket: 'office-photos', hasKeys: true });
  }, 60_000);

  it('tells the window when the policy changes while it runs', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'managed-event-'));
    const file = join(folder, 'policy.json');
    await writeFile(file, JSON.stringify({ concurrency: 2 }));
    const { core } = await windowOf(new FilePolicySource(file));
    const told: SettingsView[] = [];
    core.onEvent((event, payload) => {
      if (event === 'settings:changed' && typeof payload === 'object' && 'managed' in payload)
        told.push(payload);
    });
    await writeFile(join(folder, 'next.json'), JSON.stringify({ concurrency: 3, farMeters: 900 }));
    await rename(join(folder, 'next.json'), file);
    await expect
      .poll(() => told.at(-1)?.managed, { timeout: 10_000 })
      .toEqual(['concurrency', 'farMeters']);
    expect(core.settings.get()).toMatchObject({ concurrency: 3, farMeters: 900 });
  }, 60_000);
});
