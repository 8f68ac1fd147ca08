import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { LaunchInfo } from '../../../service/photo-service';
import { type CountingProxy, startCountingProxy } from '../../support/counting-proxy';
import { requireKeychain } from '../../support/keychain';
import { startTestService, type TestService } from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import {
  type CliRun,
  configureUploads,
  makePhotos,
  runCli,
  runLogin,
} from '../../support/upload-harness';

const needsKeychain = needs('gnome-keyring');

/** The proxy variables as curl reads them, in both spellings, with nothing excluded. */
function proxyEnv(proxy: CountingProxy): NodeJS.ProcessEnv {
  return {
    HTTPS_PROXY: proxy.url,
    HTTP_PROXY: proxy.url,
    https_proxy: proxy.url,
    http_proxy: proxy.url,
    NO_PROXY: '',
    no_proxy: '',
  };
}

/** No proxy at all, whatever the test runner's environment says. */
const NO_PROXY_ENV: NodeJS.ProcessEnv = {
  HTTPS_PROXY: '',
  HTTP_PROXY: '',
  https_proxy: '',
  http_proxy: '',
};

/** `login` on the command line; the browser trusts `ca` for an https service. */
function login(
  info: LaunchInfo,
  dataDir: string,
  env: NodeJS.ProcessEnv,
  extra: readonly string[] = [],
  ca?: string,
): Promise<CliRun> {
  return runLogin(info, dataDir, { env, args: extra, ...(ca === undefined ? {} : { ca }) });
}

/** Uploads `count` new photos to the first project; returns the run. */
async function upload(
  info: LaunchInfo,
  dataDir: string,
  env: NodeJS.ProcessEnv,
  count: number,
): Promise<CliRun> {
  const photos = join(await mkdtemp(join(tmpdir(), 'net-photos-')), 'site');
  await makePhotos(photos, count);
  return runCli(['upload', photos, '--project', info.projects[0]!.id, '--data-dir', dataDir], env);
}

const hostOf = (url: string) => new URL(url).host;

/** The lines of `text` that mention a certificate (stderr holds no log lines to leave out). */
const certificateLines = (text: string) =>
  text.split('\n').filter((line) => /certificate/i.test(line));

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('the command line through an office proxy'),
  () => {
    let service: TestService;
    let proxy: CountingProxy;

    beforeAll(async () => {
      await requireKeychain();
      [service, proxy] = await Promise.all([
        startTestService({ autoApprove: true, withS3: true, allowPrivateFetch: true }),
        startCountingProxy(),
      ]);
    }, 60_000);
    afterAll(async () => {
      await proxy?.close();
      await service?.close();
    });

    it('signs in and uploads with HTTP_PROXY: the proxy forwarded the token, API and S3 requests', async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'net-proxy-'));
      const env = { ...proxyEnv(proxy), ...configureUploads(service.info, dataDir) };
      const signedIn = await login(service.info, dataDir, env);
      expect(signedIn.code, signedIn.stderr).toBe(0);
      // Discovery and the token exchange went through the proxy.
      const afterLogin = proxy.forwarded.get(hostOf(service.info.auth_url)) ?? 0;
      expect(afterLogin).toBeGreaterThanOrEqual(2);

      const run = await upload(service.info, dataDir, env, 2);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Queued 2 photos; 2 sent.');
      // Two creates at least, and the S3 store's HEAD and PUT for each photo.
      expect(proxy.forwarded.get(hostOf(service.info.base_url))).toBeGreaterThanOrEqual(
        afterLogin + 2,
      );
      expect(proxy.forwarded.get(hostOf(service.info.s3!.endpoint))).toBeGreaterThanOrEqual(4);
    }, 120_000);
  },
);

describe.skipIf(needsKeychain.skip)(
  needsKeychain.title('the command line against the service over TLS (--tls)'),
  () => {
    let service: TestService;
    let proxy: CountingProxy;
    let caFile: string;

    beforeAll(async () => {
      await requireKeychain();
      [service, proxy] = await Promise.all([
        startTestService({ autoApprove: true, withS3: true, allowPrivateFetch: true, tls: true }),
        startCountingProxy(),
      ]);
      caFile = service.info.tls_ca_file!;
    }, 60_000);
    afterAll(async () => {
      await proxy?.close();
      await service?.close();
    });

    it('serves https and names its CA in the launch line', () => {
      expect(service.info.base_url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(readFileSync(caFile, 'utf8')).toContain('-----BEGIN CERTIFICATE-----');
    });

    // First: sign-ins are kept in the keychain per service and client, so a later login would
    // find the one the next test makes and not ask the service at all.
    it('without the CA, sign-in fails at once with one line naming the certificate problem', async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'net-tls-untrusted-'));
      const run = await login(service.info, dataDir, NO_PROXY_ENV);
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(1);
      const lines = certificateLines(run.stderr);
      expect(lines, run.stderr).toHaveLength(1);
      expect(lines[0]).toContain(
        `The certificate of ${service.info.auth_url} is not trusted (unable to verify the first certificate)`,
      );
      expect(lines[0]).toContain('--ca-file');
    }, 60_000);

    it('signs in and uploads with --ca-file, through the proxy by CONNECT', async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'net-tls-'));
      const env = { ...proxyEnv(proxy), ...configureUploads(service.info, dataDir) };
      const ca = readFileSync(caFile, 'utf8');
      const signedIn = await login(service.info, dataDir, env, ['--ca-file', caFile], ca);
      expect(signedIn.code, signedIn.stderr).toBe(0);
      expect(proxy.tunnels.get(hostOf(service.info.auth_url))).toBeGreaterThanOrEqual(1);

      const run = await upload(service.info, dataDir, env, 1);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('Queued 1 photo; 1 sent.');
    }, 120_000);

    it('without the CA, an upload ends with one line naming the certificate problem', async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'net-tls-forgotten-'));
      const env = { ...NO_PROXY_ENV, ...configureUploads(service.info, dataDir) };
      const signedIn = await login(
        service.info,
        dataDir,
        env,
        ['--ca-file', caFile],
        readFileSync(caFile, 'utf8'),
      );
      expect(signedIn.code, signedIn.stderr).toBe(0);
      // The CA file is forgotten: the saved sign-in stays, the service is no longer trusted.
      const settingsFile = join(dataDir, 'settings.json');
      const saved = z
        .looseObject({ caFile: z.string() })
        .parse(JSON.parse(await readFile(settingsFile, 'utf8')));
      expect(saved.caFile).toBe(caFile);
      const { caFile: _forgotten, ...rest } = saved;
      await writeFile(settingsFile, JSON.stringify(rest));

      const run = await upload(service.info, dataDir, env, 1);
      expect(run.code).toBe(1);
      const lines = certificateLines(run.stderr);
      expect(lines, `${run.stdout}\n${run.stderr}`).toHaveLength(1);
      expect(lines[0]).toContain(`The certificate of ${service.info.base_url} is not trusted`);
    }, 120_000);
  },
);
