import { describe, expect, it } from 'vitest';
import {
  downloadFailureReason,
  electronDownloadEnv,
  noElectronParagraph,
} from '../../../build/electron-binary';
import { electronChildEnv } from '../../../build/run-electron';
import { sandboxRemedy } from '../../../build/sandbox-remedy';

const DIST = '/home/ana/photo-uploader/node_modules/electron/dist';

/** Electron 45's output when the setuid helper exists but npm unpacked it without root. */
const SUID_ABORT = `[12345:1123/203011.123456:FATAL:setuid_sandbox_host.cc(163)] The SUID sandbox helper binary was found, but is not configured correctly. Rather than run without sandboxing I'm aborting now. You need to make sure that ${DIST}/chrome-sandbox is owned by root and has mode 4755.
Trace/breakpoint trap (core dumped)`;
/** Its output on Ubuntu 24.04, where AppArmor blocks the user-namespace sandbox. */
const APPARMOR_ABORT = `[4321:1123/203011.1:FATAL:zygote_host_impl_linux.cc(128)] No usable sandbox! If you are running on Ubuntu 23.10+ or another Linux distro that has disabled unprivileged user namespaces with AppArmor, see https://chromium.googlesource.com/chromium/src/+/main/docs/security/apparmor-userns-restrictions.md.
[4321:1123/203011.2:ERROR:credentials.cc(131)] Failed to move to new namespace: PID namespaces supported, Network namespace supported, but failed: errno = Operation not permitted`;

describe('electronChildEnv', () => {
  it('drops ELECTRON_RUN_AS_NODE and keeps everything else', () => {
    const env = { ELECTRON_RUN_AS_NODE: '1', PATH: '/usr/bin', PHOTO_UPLOADER_DATA_DIR: '/tmp/d' };
    expect(electronChildEnv(env)).toEqual({ PATH: '/usr/bin', PHOTO_UPLOADER_DATA_DIR: '/tmp/d' });
    expect(env).toHaveProperty('ELECTRON_RUN_AS_NODE', '1');
  });

  it('drops it even when empty (Electron checks presence, not value)', () => {
    expect(electronChildEnv({ ELECTRON_RUN_AS_NODE: '' })).not.toHaveProperty(
      'ELECTRON_RUN_AS_NODE',
    );
  });
});

describe('sandboxRemedy', () => {
  it('names the helper Electron named, both remedies and the development-only escape', () => {
    const paragraph = sandboxRemedy(SUID_ABORT, '/elsewhere');
    expect(paragraph).toBeDefined();
    expect(paragraph).not.toContain('\n');
    expect(paragraph).toContain(
      `sudo chown root:root ${DIST}/chrome-sandbox && sudo chmod 4755 ${DIST}/chrome-sandbox`,
    );
    expect(paragraph).toContain('AppArmor profile');
    expect(paragraph).toContain('kernel.apparmor_restrict_unprivileged_userns=0');
    expect(paragraph).toContain('--no-sandbox');
    expect(paragraph).toContain('only for development');
  });

  it('recognises the AppArmor abort and points at the helper in the dist folder', () => {
    const paragraph = sandboxRemedy(APPARMOR_ABORT, DIST);
    expect(paragraph).toContain(`sudo chmod 4755 ${DIST}/chrome-sandbox`);
    expect(sandboxRemedy('[1:1:FATAL] No usable sandbox!', DIST)).toBeDefined();
  });

  it('says nothing about other failures', () => {
    expect(sandboxRemedy('', DIST)).toBeUndefined();
    expect(sandboxRemedy('Error: Cannot find module dist/app/main/index.js', DIST)).toBeUndefined();
    expect(
      sandboxRemedy('[1:ERROR:gpu_init.cc] Passthrough is not supported', DIST),
    ).toBeUndefined();
  });
});

describe('electronDownloadEnv', () => {
  it("keeps the user's own mirror and cache settings for @electron/get to read", () => {
    const env = {
      ELECTRON_MIRROR: 'https://mirror.example/electron/',
      npm_config_electron_mirror: 'https://npm-mirror.example/',
      electron_config_cache: '/tmp/cache',
    };
    expect(electronDownloadEnv(env)).toEqual(env);
  });

  it('turns on @electron/get’s proxy support when a proxy variable is set', () => {
    for (const name of ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'])
      expect(electronDownloadEnv({ [name]: 'http://proxy:3128' }), name).toHaveProperty(
        'ELECTRON_GET_USE_PROXY',
        '1',
      );
    expect(electronDownloadEnv({})).not.toHaveProperty('ELECTRON_GET_USE_PROXY');
    expect(electronDownloadEnv({ HTTPS_PROXY: '' })).not.toHaveProperty('ELECTRON_GET_USE_PROXY');
  });

  it("leaves the user's own ELECTRON_GET_USE_PROXY alone", () => {
    expect(
      electronDownloadEnv({ HTTPS_PROXY: 'http://proxy:3128', ELECTRON_GET_USE_PROXY: '' }),
    ).toHaveProperty('ELECTRON_GET_USE_PROXY', '');
  });
});

describe('downloadFailureReason', () => {
  it("keeps the installer's error message and drops its stack", () => {
    const output = `HTTPError: Response code 404 (Not Found) for http://127.0.0.1:4000/v45.4.1/electron-v45.4.1-linux-x64.zip
    at FetchDownloader.download (file:///x/FetchDownloader.js:48:23)
    at async downloadArtifact (file:///x/index.js:154:12)`;
    expect(downloadFailureReason(output)).toBe(
      'Downloading it failed: HTTPError: Response code 404 (Not Found) for http://127.0.0.1:4000/v45.4.1/electron-v45.4.1-linux-x64.zip.',
    );
  });

  it('never repeats a user name or password from a URL', () => {
    const reason = downloadFailureReason(
      'Error: connect ECONNREFUSED via http://ana:s3cret@proxy.example:3128/',
    );
    expect(reason).not.toContain('s3cret');
    expect(reason).not.toContain('ana:');
    expect(reason).toContain('proxy.example:3128');
  });

  it('says so when the installer said nothing', () => {
    expect(downloadFailureReason('\n')).toContain('without saying why');
  });
});

describe('noElectronParagraph', () => {
  it('is one line that says why, how to download and the override', () => {
    const paragraph = noElectronParagraph('ELECTRON_SKIP_BINARY_DOWNLOAD is set.');
    expect(paragraph).not.toContain('\n');
    expect(paragraph).toMatch(/^Photo Uploader cannot start: no Electron binary is installed\. /);
    for (const part of [
      'ELECTRON_SKIP_BINARY_DOWNLOAD is set.',
      'ELECTRON_MIRROR',
      'electron_mirror',
      'HTTPS_PROXY',
      'ELECTRON_OVERRIDE_DIST_PATH',
      'npx install-electron',
    ])
      expect(paragraph).toContain(part);
  });
});
