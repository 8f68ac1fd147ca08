import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/logging/logger';
import { ownerFiles } from '../../../main/ownership/data-folder';
import { FileLock } from '../../../main/ownership/file-lock';
import { KeytarSecretStore } from '../../../main/secrets/keytar-secret-store';
import { SettingsStore } from '../../../main/settings/settings-store';
import { s3SecretNames } from '../../../main/staging/open-photo-host';
import {
  configureForPackagedApp,
  ownerLockFree,
  packagedAppHome,
} from '../../support/packaged-app-harness';
import { startTestService } from '../../support/photo-service-harness';

// The helpers of the real-Electron test on the packaged build that run without Electron: where
// the packaged app's data folder is, configuring it through the command line, and telling that
// its owner let go of it.

describe('the packaged app test helpers', () => {
  it('move the data folder with XDG_CONFIG_HOME', () => {
    const { env, dataDir } = packagedAppHome('/tmp/x', 'linux');
    expect(env).toEqual({ XDG_CONFIG_HOME: '/tmp/x/config' });
    expect(dataDir).toBe('/tmp/x/config/Photo Uploader');
  });

  it(
    'configure the service, the S3 host and its keys, and the loopback redirect through the command line',
    { timeout: 60_000 },
    async () => {
      const service = await startTestService({ withS3: true });
      const root = await mkdtemp(join(tmpdir(), 'packaged-harness-'));
      const { dataDir } = packagedAppHome(root);
      try {
        await configureForPackagedApp(service.info, dataDir);
        const saved = new SettingsStore(dataDir, silentLogger).get();
        expect(saved).toMatchObject({
          authUrl: service.info.auth_url,
          baseUrl: service.info.base_url,
          clientId: service.info.client_id,
          redirect: 'loopback',
          photoHost: { kind: 's3', bucket: service.info.s3?.bucket, pathStyle: true },
        });
        // The S3 keys were kept in the keychain (the packaged app reads them there).
        const s3 = service.info.s3;
        if (s3 === undefined || saved.photoHost?.kind !== 's3') throw new Error('no S3 host');
        const names = s3SecretNames(saved.photoHost);
        const keychain = new KeytarSecretStore();
        expect(await keychain.get(names.accessKeyId)).toBe(s3.access_key_id);
        expect(await keychain.get(names.secretAccessKey)).toBe(s3.secret_access_key);
        // The command line let go of the folder when it ended.
        expect(ownerLockFree(dataDir)).toBe(true);
      } finally {
        await service.close();
        await rm(root, { recursive: true, force: true });
      }
    },
  );

  it('tell a data folder whose owner lock is held from one let go', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'owner-lock-'));
    try {
      expect(ownerLockFree(dataDir)).toBe(true);
      const lock = FileLock.tryAcquire(ownerFiles(dataDir).lock);
      expect(lock).toBeDefined();
      expect(ownerLockFree(dataDir)).toBe(false);
      lock?.release();
      expect(ownerLockFree(dataDir)).toBe(true);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
