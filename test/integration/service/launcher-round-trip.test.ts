import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LaunchInfo } from '../../../service/photo-service';
import {
  adminFetch,
  api,
  authorize,
  md5,
  pkcePair,
  postForm,
  redirectParams,
  refresh,
  s3ClientFor,
} from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';

const needsSignals = needs('signals');

const ROOT = join(import.meta.dirname, '../../..');
const PHOTO = join(ROOT, 'test/fixtures/exif-samples/jpg/gps/DSCN0021.jpg');

/**
 * Starts `npm run service -- ...args` and resolves with the JSON line, every line before it, and
 * what it has written to stderr so far.
 */
function launch(
  args: readonly string[],
): Promise<{ child: ChildProcess; info: LaunchInfo; before: string[]; stderr: () => string }> {
  const child = spawn('npm', ['run', 'service', '--', ...args], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const before: string[] = [];
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (line.startsWith('{')) {
        lines.close();
        resolve({ child, info: JSON.parse(line) as LaunchInfo, before, stderr: () => stderr });
      } else before.push(line);
    });
    child.once('exit', (code) => reject(new Error(`service exited early with ${code}`)));
  });
}

/** SIGTERM to npm and the service (one process group); resolves when npm has gone. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
}

async function refused(url: string): Promise<boolean> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      await fetch(url);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

describe.skipIf(needsSignals.skip)(needsSignals.title('npm run service (the launcher)'), () => {
  let child: ChildProcess;
  let info: LaunchInfo;
  let before: string[];
  let stderr: () => string;

  beforeAll(async () => {
    ({ child, info, before, stderr } = await launch([
      '--port',
      '0',
      '--auto-approve',
      '--admin',
      '--with-s3',
      '--allow-private-fetch',
    ]));
  }, 60_000);
  afterAll(() => stop(child));

  it('prints one JSON object as the service’s first stdout line (after npm’s own banner)', () => {
    expect(before.every((line) => line === '' || line.startsWith('> '))).toBe(true);
    expect(info.auth_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.base_url).toBe(info.auth_url);
    expect(info.admin_url).toBe(`${info.base_url}/__admin`);
    expect(info.admin_token).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(info.client_id).toBeTruthy();
    expect(info.client_secret.length).toBeGreaterThanOrEqual(32);
    expect(info.public_client_id).toBeTruthy();
    expect(info.redirect_uris).toEqual([
      'com.photouploader.app:/oauth/callback',
      'http://127.0.0.1/callback',
    ]);
    expect(info.projects.length).toBeGreaterThanOrEqual(3);
    expect(info.s3?.region).toBe('us-east-1');
    expect(info.s3?.endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.s3?.bucket).toBeTruthy();
    expect(info.s3?.access_key_id).toBeTruthy();
  });

  it('opens its control API to the admin_token of the JSON line only, and logs no token', async () => {
    expect((await fetch(`${info.admin_url}/state`)).status).toBe(401);
    const state = await adminFetch(info, '/state');
    expect(state.status).toBe(200);
    expect(((await state.json()) as { projects: unknown[] }).projects).toHaveLength(
      info.projects.length,
    );
    expect(stderr()).toContain('listening at');
    expect(stderr()).not.toContain(info.admin_token);
  });

  it('does the whole round trip: authorize, token, presigned create, processed, describe, refresh', async () => {
    // 1. Authorize with PKCE and take the code from the redirect.
    const pkce = pkcePair();
    const redirect = 'http://127.0.0.1:40123/callback';
    const answer = await authorize(info, {
      client_id: info.client_id,
      redirect_uri: redirect,
      response_type: 'code',
      scope: 'read write',
      state: 'round-trip',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    expect(redirectParams(answer).get('state')).toBe('round-trip');
    // 2. Exchange it.
    const tokens = await postForm(info, '/oauth/token', {
      grant_type: 'authorization_code',
      code: redirectParams(answer).get('code') ?? '',
      redirect_uri: redirect,
      client_id: info.client_id,
      client_secret: info.client_secret,
      code_verifier: pkce.verifier,
    });
    expect(tokens.status).toBe(200);
    const access = String(tokens.body.access_token);
    // 3. Put the photo in the S3-compatible store and presign a GET.
    const bytes = await readFile(PHOTO);
    const store = info.s3!;
    const s3 = s3ClientFor(info);
    const key = `round-trip/${md5(bytes)}.jpg`;
    await s3.send(
      new PutObjectCommand({
        Bucket: store.bucket,
        Key: key,
        Body: bytes,
        ContentType: 'image/jpeg',
      }),
    );
    const uri = await getSignedUrl(s3, new GetObjectCommand({ Bucket: store.bucket, Key: key }), {
      expiresIn: 86_400,
    });
    s3.destroy();
    // 4. Create the photo from the presigned URL.
    const project = info.projects[0]!.id;
    const created = await api(info, access, 'POST', `/v2/projects/${project}/photos`, {
      photo: {
        uri,
        captured_at: 1_227_366_660,
        coordinates: { lat: 43.4675, lon: 11.8817 },
        description: '<p>Arrived</p>',
        internal: false,
      },
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: string }).id;
    // 5. It ends processed with the file's MD5.
    let photo: { processing_status: string; hash: string | null } = {
      processing_status: 'pending',
      hash: null,
    };
    for (
      let attempt = 0;
      attempt < 100 && ['pending', 'processing'].includes(photo.processing_status);
      attempt += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      photo = (await api(info, access, 'GET', `/v2/photos/${id}`)).body as typeof photo;
    }
    expect(photo).toMatchObject({ processing_status: 'processed', hash: md5(bytes) });
    // 6. Describe it.
    const described = await api(info, access, 'POST', `/v2/photos/${id}/descriptions`, {
      description: '<p>Checked <em>on site</em></p>',
    });
    expect(described.status).toBe(201);
    expect((described.body as { photo: { description: string } }).photo.description).toBe(
      '<p>Checked <em>on site</em></p>',
    );
    // 7. Refresh; the old refresh token is refused afterwards.
    const renewed = await refresh(info, String(tokens.body.refresh_token));
    expect(renewed.status).toBe(200);
    expect(
      (await api(info, String(renewed.body.access_token), 'GET', `/v2/photos/${id}`)).status,
    ).toBe(200);
    const old = await refresh(info, String(tokens.body.refresh_token));
    expect(old.status).toBe(400);
    expect(old.body.error).toBe('invalid_grant');
  });

  it('stops on SIGTERM and lets go of its ports', async () => {
    await stop(child);
    expect(await refused(`${info.base_url}/`)).toBe(true);
    expect(await refused(info.s3!.endpoint)).toBe(true);
  });
});

describe.skipIf(needsSignals.skip)(needsSignals.title('npm run service with a bad option'), () => {
  it('exits non-zero with a one-line reason', async () => {
    const child = spawn('npm', ['run', '--silent', 'service', '--', '--rotation', 'sometimes'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(stderr).toContain('--rotation takes "immediate" or "on-first-use", not "sometimes"');
  });
});
