import { access, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { runCli, runLogin } from '../../support/upload-harness';

const needsKeychainAndFileModes = needs('gnome-keyring', 'file-modes');

// Issue 23 §3: a headless machine with no keychain (a server running `watch` as a service) can
// keep the sign-in in a plain-text file, as `gh auth login --insecure-storage` does: only when
// asked, 0600, in the data folder, named as such, said by `status`, removed by `logout`.

/** No Secret Service: keytar cannot reach a D-Bus session. */
const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
const FILE_NAME = 'sign-in-tokens.plain-text.json';

function lastJsonLine(stdout: string): Record<string, unknown> {
  const line = stdout
    .split('\n')
    .filter((text) => text.startsWith('{'))
    .at(-1);
  return JSON.parse(line ?? '{}') as Record<string, unknown>;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe.skipIf(needsKeychainAndFileModes.skip)(
  needsKeychainAndFileModes.title('login --insecure-storage on a machine with no keychain'),
  () => {
    let service: TestService;
    const folders: string[] = [];
    const dataFolder = async (name: string) => {
      const dir = await mkdtemp(join(tmpdir(), name));
      folders.push(dir);
      return dir;
    };

    beforeAll(async () => {
      service = await startTestService({ autoApprove: true });
    });
    afterAll(async () => {
      await service?.close();
      for (const dir of folders) await rm(dir, { recursive: true, force: true });
    });

    it('keeps the sign-in in a 0600 plain-text file, a second command is signed in, status says where, logout removes it', async () => {
      const dataDir = await dataFolder('token-file-');
      const file = join(dataDir, FILE_NAME);
      const login = await runLogin(service.info, dataDir, {
        args: ['--insecure-storage'],
        env: NO_KEYCHAIN,
      });
      expect(login.code, login.stderr).toBe(0);
      expect(login.stdout + login.stderr).toContain(file);
      expect(login.stderr).not.toContain('will not be remembered');
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const text = await readFile(file, 'utf8');
      expect(text).toContain('refreshToken');
      // The sign-in's tokens only: a confidential client's secret is never written there.
      expect(text).not.toContain(service.info.client_secret);

      // A second command, a new process, still no keychain: signed in from the file.
      const status = await runCli(['status', '--json', '--data-dir', dataDir], NO_KEYCHAIN);
      expect(status.code, status.stderr).toBe(0);
      expect(lastJsonLine(status.stdout)).toMatchObject({
        state: 'signed-in',
        remembered: true,
        sign_in_kept: 'plain-text-file',
        sign_in_file: file,
      });
      const words = await runCli(['status', '--data-dir', dataDir], NO_KEYCHAIN);
      expect(words.stdout).toContain(`The sign-in is kept in a plain-text file: ${file}`);
      const projects = await runCli(['projects', '--data-dir', dataDir], NO_KEYCHAIN);
      expect(projects.code, projects.stderr).toBe(0);

      const logout = await runCli(['logout', '--data-dir', dataDir], NO_KEYCHAIN);
      expect(logout.code, logout.stderr).toBe(0);
      expect(await exists(file)).toBe(false);
      // The choice ends with the sign-in: the next login without the flag writes no file.
      const again = await runLogin(service.info, dataDir, { env: NO_KEYCHAIN });
      expect(again.code, again.stderr).toBe(0);
      expect(await exists(file)).toBe(false);
    }, 60_000);

    it('without --insecure-storage nothing is written, and status says the sign-in is in memory only', async () => {
      const dataDir = await dataFolder('token-file-none-');
      const login = await runLogin(service.info, dataDir, { env: NO_KEYCHAIN });
      expect(login.code, login.stderr).toBe(0);
      expect(login.stderr).toContain('will not be remembered');
      expect(login.stderr).toContain('--insecure-storage');
      expect(await readdir(dataDir)).not.toContain(FILE_NAME);
      const status = await runCli(['status', '--json', '--data-dir', dataDir], NO_KEYCHAIN);
      expect(lastJsonLine(status.stdout)).toMatchObject({
        state: 'signed-out',
        remembered: false,
        sign_in_kept: 'memory',
        sign_in_file: null,
      });
    }, 60_000);

    it('with a keychain, --insecure-storage changes nothing: the keychain keeps the sign-in', async () => {
      const dataDir = await dataFolder('token-file-keychain-');
      const login = await runLogin(service.info, dataDir, { args: ['--insecure-storage'] });
      expect(login.code, login.stderr).toBe(0);
      expect(await readdir(dataDir)).not.toContain(FILE_NAME);
      const status = await runCli(['status', '--json', '--data-dir', dataDir]);
      expect(lastJsonLine(status.stdout)).toMatchObject({
        state: 'signed-in',
        sign_in_kept: 'keychain',
      });
      await runCli(['logout', '--data-dir', dataDir]);
    }, 60_000);
  },
);
