import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE } from '../../../main/secrets/keytar-secret-store';
import { secretNames } from '../../../main/secrets/secret-names';
import { requireKeychain } from '../../support/keychain';
import { needs } from '../../support/platform-needs';
import { startCli } from '../../support/upload-harness';
import {
  admin,
  refresh,
  startTestService,
  type TestService,
} from '../../support/photo-service-harness';

const needsKeychain = needs('gnome-keyring');

/** Runs `npm run cli -- ...args`, as a user would; `onLine` sees each stdout line as it arrives. */
function cli(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
  onLine?: (line: string) => void,
) {
  return startCli(args, env, onLine, { viaNpm: true }).done;
}

/** A plain HTTP client playing the browser: authorize, then load the loopback redirect. */
async function follow(url: string): Promise<void> {
  const answer = await fetch(url, { redirect: 'manual' });
  await (await fetch(answer.headers.get('location')!)).text();
}

function lastJsonLine(stdout: string): Record<string, unknown> {
  const line = stdout
    .split('\n')
    .filter((text) => text.startsWith('{'))
    .at(-1);
  return JSON.parse(line ?? '{}') as Record<string, unknown>;
}

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('npm run cli -- login | status | logout'),
  () => {
    let service: TestService;
    let dataDir: string;
    beforeAll(async () => {
      await requireKeychain();
      service = await startTestService({ autoApprove: true });
      dataDir = await mkdtemp(join(tmpdir(), 'uploader-cli-'));
    });
    afterAll(() => service.close());

    it('signs in headless, is still signed in from a new process, and logout revokes', async () => {
      const login = await cli(
        [
          'login',
          '--no-browser',
          '--data-dir',
          dataDir,
          '--auth-url',
          service.info.auth_url,
          '--base-url',
          service.info.base_url,
          '--client-id',
          service.info.client_id,
        ],
        { PHOTO_UPLOADER_CLIENT_SECRET: service.info.client_secret },
        (line) => {
          if (line.startsWith('http')) void follow(line);
        },
      );
      expect(login.code, login.stderr).toBe(0);
      expect(login.stdout).toContain(`Signed in to ${service.info.auth_url}`);
      expect(login.stdout + login.stderr).not.toContain(service.info.client_secret);

      // A new process, flags now from the saved settings, tokens from the real keychain.
      const status = await cli(['status', '--json', '--data-dir', dataDir]);
      expect(status.code).toBe(0);
      const json = lastJsonLine(status.stdout);
      expect(json).toMatchObject({
        state: 'signed-in',
        scope: 'projects:read photos:read photos:write',
        remembered: true,
      });
      expect(json.expires_at).toBeGreaterThan(Date.now() / 1000 + 7000);

      const stored = JSON.parse(
        (await keytar.getPassword(
          KEYCHAIN_SERVICE,
          secretNames(service.info.auth_url, service.info.client_id, service.info.base_url).tokens,
        ))!,
      ) as {
        tokens: { accessToken: string; refreshToken: string };
      };
      const projects = () =>
        fetch(`${service.info.base_url}/v2/projects`, {
          headers: { authorization: `Bearer ${stored.tokens.accessToken}` },
        });
      expect((await projects()).status).toBe(200);
      // The client secret went to the keychain, not to the settings file.
      expect(
        await keytar.getPassword(
          KEYCHAIN_SERVICE,
          secretNames(service.info.auth_url, service.info.client_id).clientSecret,
        ),
      ).toBe(service.info.client_secret);
      const settingsFile = await readFile(join(dataDir, 'settings.json'), 'utf8');
      expect(JSON.parse(settingsFile)).toEqual({
        authUrl: service.info.auth_url,
        clientId: service.info.client_id,
        baseUrl: service.info.base_url,
      });

      const logout = await cli(['logout', '--data-dir', dataDir]);
      expect(logout.code).toBe(0);
      expect((await projects()).status).toBe(401);
      expect((await refresh(service.info, stored.tokens.refreshToken)).body.error).toBe(
        'invalid_grant',
      );
      expect(
        lastJsonLine((await cli(['status', '--json', '--data-dir', dataDir])).stdout).state,
      ).toBe('signed-out');
      expect((await admin.state(service.info)).requests['POST /oauth/revoke']).toEqual({
        '200': 2,
      });
    });

    it('still signs in without a keychain, says it will not be remembered, and writes no secret to disk', async () => {
      const bare = await mkdtemp(join(tmpdir(), 'uploader-cli-nokeychain-'));
      const noKeychain = {
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
        PHOTO_UPLOADER_CLIENT_SECRET: service.info.client_secret,
      };
      const login = await cli(
        [
          'login',
          '--no-browser',
          '--data-dir',
          bare,
          '--auth-url',
          service.info.auth_url,
          '--client-id',
          service.info.client_id,
        ],
        noKeychain,
        (line) => {
          if (line.startsWith('http')) void follow(line);
        },
      );
      expect(login.code, login.stderr).toBe(0);
      expect(login.stderr).toContain('will not be remembered');
      expect(
        lastJsonLine((await cli(['status', '--json', '--data-dir', bare], noKeychain)).stdout),
      ).toMatchObject({ state: 'signed-out', remembered: false });
      // Nothing in the data folder (settings, queue, owner files) holds the secret.
      for (const name of await readdir(bare)) {
        const text = await readFile(join(bare, name)).catch(() => Buffer.alloc(0));
        expect(text.includes(service.info.client_secret), name).toBe(false);
      }
      expect(await readdir(bare)).not.toContain('owner.json');
      const settingsText = await readFile(join(bare, 'settings.json'), 'utf8');
      expect(settingsText).not.toContain(service.info.client_secret);
      expect(Object.keys(JSON.parse(settingsText) as object).sort()).toEqual([
        'authUrl',
        'clientId',
      ]);
    });

    it('exits non-zero with a one-line reason for bad command lines', async () => {
      const empty = await mkdtemp(join(tmpdir(), 'uploader-cli-empty-'));
      const cases: [string[], RegExp][] = [
        [['status', '--data-dir', empty], /No Photo Service is configured/],
        [['login', '--client-secret', 'x', '--data-dir', empty], /never taken as a flag/],
        [['fly', '--data-dir', empty], /unknown command "fly"/],
        [
          ['status', '--data-dir', empty, '--auth-url', 'ftp://x', '--client-id', 'c'],
          /--auth-url must be an http\(s\) URL/,
        ],
        [
          [
            'status',
            '--data-dir',
            empty,
            '--auth-url',
            'http://auth.example.com',
            '--client-id',
            'c',
          ],
          /--auth-url: The address http:\/\/auth.example.com is not secure: use https/,
        ],
      ];
      for (const [args, reason] of cases) {
        const run = await cli(args);
        expect(run.code, args.join(' ')).toBe(2);
        expect(run.stderr).toMatch(reason);
      }
    });
  },
);
