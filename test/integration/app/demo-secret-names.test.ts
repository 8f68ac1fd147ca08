import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoSecretNames } from '../../../build/demo-session';
import { localServiceEnv, localServiceSeed } from '../../../build/local-service-env';
import { AppCore } from '../../../main/core/app-core';
import { commandLineFrontEnd } from '../../../main/core/front-end';
import { seedSettingsFromEnv } from '../../../main/core/seed-settings';
import { silentLogger, Redactor } from '../../../main/logging/logger';
import { InMemorySecretStore } from '../../../main/secrets/in-memory-secret-store';
import type { SecretStore } from '../../../main/secrets/secret-store';
import { loopbackBrowser } from '../../support/auth-harness';
import { plainBatch, takeInThroughCore } from '../../support/core-intake';
import { startTestService, type TestService } from '../../support/photo-service-harness';
import { makePhotos } from '../../support/upload-harness';

// `npm start` deletes the keychain entries `demoSecretNames` lists when the demo ends. Those
// names are worked out apart from the code that writes the entries, so here the real core runs
// a demo's first minutes (seeded as demo mode seeds it, signed in, one photo uploaded to the S3
// store) and the names it really touched are compared with the list.

/** An in-memory keychain that remembers which names were written and which were read. */
class RecordingSecretStore implements SecretStore {
  readonly persistent = false;
  readonly written = new Set<string>();
  readonly read = new Set<string>();
  readonly #store = new InMemorySecretStore();

  get(name: string): Promise<string | undefined> {
    this.read.add(name);
    return this.#store.get(name);
  }

  set(name: string, value: string): Promise<void> {
    this.written.add(name);
    return this.#store.set(name, value);
  }

  delete(name: string): Promise<void> {
    return this.#store.delete(name);
  }
}

let service: TestService;
let dataDir: string;
let photos: string;
beforeAll(async () => {
  service = await startTestService({ autoApprove: true, withS3: true, allowPrivateFetch: true });
  dataDir = await mkdtemp(join(tmpdir(), 'demo-secrets-'));
  photos = await mkdtemp(join(tmpdir(), 'demo-secrets-photos-'));
});
afterAll(async () => {
  await service?.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(photos, { recursive: true, force: true });
});

it('demo mode removes exactly the keychain entries a demo run writes: sign-in tokens and S3 keys', async () => {
  const secrets = new RecordingSecretStore();
  const deps = { dataDir, secrets, redactor: new Redactor(), logger: silentLogger };
  // What `npm start` hands the app, seeded as the app's start does.
  await seedSettingsFromEnv(localServiceEnv(service.info), deps);
  const core = await AppCore.start({
    ...deps,
    customScheme: undefined,
    browser: loopbackBrowser(),
    chooser: { choose: () => Promise.resolve([]) },
    locksDir: join(dataDir, 'locks'),
  });
  try {
    const handlers = core.handlersFor(commandLineFrontEnd);
    await handlers['session:sign-in']({});
    await expect.poll(async () => (await handlers['session:get']({})).state).toBe('signed-in');
    await makePhotos(photos, 1);
    const items = await takeInThroughCore(core, handlers, [photos]);
    const ids = items.filter((item) => item.status === 'photo').map((item) => item.intakeId);
    expect(ids).toHaveLength(1);
    await handlers['queue:add-photos'](plainBatch(ids, service.info.projects[0]!.id));
    expect((await handlers['queue:sync']({})).counts.done).toBe(1);
  } finally {
    await core.shutdown();
  }

  const listed = demoSecretNames(localServiceSeed(service.info));
  // Every entry the run left is one demo mode deletes...
  expect(
    [...secrets.written].filter((name) => !listed.includes(name)),
    'entries the app wrote that demo mode would leave behind',
  ).toEqual([]);
  // ...and every name on the list is one the app uses (a name it never touches would mean the
  // list was worked out for another configuration than the one the demo runs).
  const touched = new Set([...secrets.written, ...secrets.read]);
  expect(
    listed.filter((name) => !touched.has(name)),
    'names demo mode deletes that the app never uses',
  ).toEqual([]);
  expect(secrets.written.size).toBeGreaterThanOrEqual(3); // tokens and both S3 keys
}, 60_000);
