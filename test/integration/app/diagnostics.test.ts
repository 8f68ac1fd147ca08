import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import keytar from 'keytar';
import { extract } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { diagnosticsTarget } from '../../../main/cli/diagnostics-command';
import { AppCore } from '../../../main/core/app-core';
import { WindowFrontEnd } from '../../../main/desktop/window-front-end';
import { Redactor, silentLogger } from '../../../main/logging/logger';
import { InMemorySecretStore } from '../../../main/secrets/in-memory-secret-store';
import { KEYCHAIN_SERVICE } from '../../../main/secrets/keytar-secret-store';
import { secretNames } from '../../../main/secrets/secret-names';
import { createIpcDispatcher } from '../../../shared/ipc/dispatcher';
import { requireKeychain } from '../../support/keychain';
import { startTestService, type TestService } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { configureUploads, makePhotos, ROOT, runCli, runLogin } from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

const storedTokens = z.object({
  tokens: z.object({ accessToken: z.string(), refreshToken: z.string() }),
});

/** Every file of an extracted archive, by its path inside the archive. */
async function filesUnder(dir: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    found.set(relative(dir, path), await readFile(path, 'utf8'));
  }
  return found;
}

describe.skipIf(needsKeychain.skip)(needsKeychain.title('Diagnostics archive'), () => {
  let service: TestService;

  beforeAll(async () => {
    await requireKeychain();
    service = await startTestService({ autoApprove: true, withS3: true, allowPrivateFetch: true });
  }, 60_000);
  afterAll(() => service?.close());

  it('holds logs, versions, settings and counts, and no token, code, secret, key or signature', async () => {
    const info = service.info;
    const s3 = info.s3!;
    const dataDir = await mkdtemp(join(tmpdir(), 'diagnostics-'));
    // Sign in as `cliLogin` does, keeping the authorization code the redirect carried.
    const codes: string[] = [];
    const login = await runLogin(info, dataDir, {
      args: ['--verbose'],
      onCallback: (callback) => {
        const code = new URL(callback).searchParams.get('code');
        if (code !== null) codes.push(code);
      },
    });
    expect(login.code, login.stderr).toBe(0);
    expect(codes).toHaveLength(1);

    const env = configureUploads(info, dataDir);
    const photos = join(await mkdtemp(join(tmpdir(), 'diagnostics-photos-')), 'site');
    await makePhotos(photos, 3);
    const upload = await runCli(
      ['upload', photos, '--project', info.projects[0]!.id, '--data-dir', dataDir, '--verbose'],
      env,
    );
    expect(upload.code, upload.stderr).toBe(0);

    const stored = storedTokens.parse(
      JSON.parse(
        (await keytar.getPassword(
          KEYCHAIN_SERVICE,
          secretNames(info.auth_url, info.client_id, info.base_url).tokens,
        ))!,
      ),
    );
    const { accessToken, refreshToken } = stored.tokens;
    // A log line as an older version might have left it in the app's own log: the archive must
    // remove what it holds too, by value (the owner's Redactor) and by shape (the scrub).
    const signature = 'ab12'.repeat(16);
    await writeFile(
      join(dataDir, 'logs', 'main.log'),
      `${JSON.stringify({
        level: 'warn',
        message: `PUT ${s3.endpoint}/${s3.bucket}/x.jpg?X-Amz-Credential=${s3.access_key_id}%2F20260101&X-Amz-Signature=${signature} failed; retried with Bearer ${accessToken}`,
        fields: { note: `refresh with ${refreshToken}; callback ?code=${codes[0]}&state=s` },
      })}\n`,
    );

    const out = join(await mkdtemp(join(tmpdir(), 'diagnostics-out-')), 'support.tar.gz');
    const saved = await runCli(['diagnostics', '--out', out, '--data-dir', dataDir, '--verbose']);
    expect(saved.code, saved.stderr).toBe(0);
    expect(saved.stdout).toContain(`Saved diagnostics to ${out}`);

    const unpacked = await mkdtemp(join(tmpdir(), 'diagnostics-unpacked-'));
    await extract({ file: out, cwd: unpacked });
    const files = await filesUnder(join(unpacked, 'photo-uploader-diagnostics'));
    expect([...files.keys()].sort()).toEqual([
      'logs/cli.log',
      'logs/main.log',
      'queue.json',
      'settings.json',
      'versions.json',
    ]);
    // The command line's own log has the sign-in and the upload in it.
    expect(files.get('logs/cli.log')!.split('\n').length).toBeGreaterThan(5);
    expect(files.get('logs/main.log')).toContain('X-Amz-Signature=[redacted]');

    const manifest = z
      .object({ version: z.string() })
      .parse(JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')));
    expect(JSON.parse(files.get('versions.json')!)).toMatchObject({
      app: manifest.version,
      node: process.versions.node,
      os: { platform: process.platform, arch: process.arch },
    });
    expect(JSON.parse(files.get('settings.json')!)).toMatchObject({
      authUrl: info.auth_url,
      clientId: info.client_id,
      hasClientSecret: true,
      photoHost: { kind: 's3', bucket: s3.bucket, hasKeys: true },
    });
    const queue = z
      .object({ counts: z.record(z.string(), z.number()) })
      .strict()
      .parse(JSON.parse(files.get('queue.json')!));
    expect(queue.counts['done']).toBe(3);
    expect(files.get('queue.json')).not.toContain('IMG_');

    const everything = [...files.values()].join('\n');
    for (const [what, secret] of [
      ['access token', accessToken],
      ['refresh token', refreshToken],
      ['authorization code', codes[0]!],
      ['client secret', info.client_secret],
      ['S3 access key id', s3.access_key_id],
      ['S3 secret access key', s3.secret_access_key],
      ['URL signature', signature],
    ] as const)
      expect(everything.includes(secret), what).toBe(false);
    for (const match of everything.matchAll(/(?:X-Amz-Signature|\bcode|\bSignature)=([^&\s"]*)/g))
      expect(match[1]).toBe('[redacted]');
    await rm(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('refuses to let the window write an archive, and takes the command line path from its cwd', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'diagnostics-window-'));
    const core = await AppCore.start({
      dataDir,
      secrets: new InMemorySecretStore(),
      redactor: new Redactor(),
      logger: silentLogger,
      customScheme: undefined,
      browser: { open: () => Promise.resolve() },
      chooser: { choose: () => Promise.resolve([]) },
    });
    try {
      const target = join(dataDir, 'from-window.tar.gz');
      const window = createIpcDispatcher(
        core.handlersFor(new WindowFrontEnd(() => Promise.resolve(true))),
      );
      const answer = await window('diagnostics:save', { path: target }, { trusted: true });
      expect(answer).toMatchObject({ ok: false, code: 'failed' });
      expect(answer.ok ? '' : answer.message).toContain('Help > Save diagnostics');
      expect(existsSync(target)).toBe(false);
      // The Help menu's way: the core method, in main.
      await mkdir(join(dataDir, 'logs'), { recursive: true });
      expect(await core.saveDiagnostics(target)).toBe(target);
      expect(existsSync(target)).toBe(true);
    } finally {
      await core.shutdown();
      await rm(dataDir, { recursive: true, force: true });
    }
    expect(diagnosticsTarget('out/d.tar.gz', '/home/me/site')).toBe('/home/me/site/out/d.tar.gz');
    expect(() => diagnosticsTarget(undefined)).toThrow('--out FILE');
  });
});
