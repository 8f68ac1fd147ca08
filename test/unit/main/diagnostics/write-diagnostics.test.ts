import { existsSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { extract } from 'tar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ARCHIVE_FOLDER,
  DiagnosticsNotSaved,
  diagnosticsFileName,
  writeDiagnostics,
} from '../../../../main/diagnostics/write-diagnostics';
import { currentVersions } from '../../../../main/diagnostics/versions';
import { needs } from '../../../support/platform-needs';
import { settingsViewFixture } from '../../../support/settings-view-fixture';

const needsSymlinks = needs('symlinks');

const settingsView = settingsViewFixture({
  authUrl: 'https://auth.example.test',
  baseUrl: 'https://api.example.test',
  clientId: 'uploader',
  hasClientSecret: true,
});
const queueCounts = {
  queued: 1,
  staged: 0,
  creating: 0,
  created: 0,
  done: 2,
  'needs-attention': 0,
  cancelled: 0,
};

describe('writeDiagnostics', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'write-diagnostics-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('archives every log (rotated ones too) through the redaction, then the scrub', async () => {
    await mkdir(join(dir, 'data', 'logs'), { recursive: true });
    await writeFile(join(dir, 'data', 'logs', 'main.log'), 'known-secret-value ?code=abcdef123\n');
    await writeFile(join(dir, 'data', 'logs', 'main.1.log'), 'older\n');
    await writeFile(join(dir, 'data', 'logs', 'notes.txt'), 'not a log\n');
    const out = join(dir, 'd.tar.gz');
    await writeDiagnostics({
      dataDir: join(dir, 'data'),
      settingsView,
      queueCounts,
      versions: currentVersions('9.9.9'),
      out,
      redact: (text) => text.replaceAll('known-secret-value', '[masked]'),
    });
    await extract({ file: out, cwd: dir });
    const root = join(dir, ARCHIVE_FOLDER);
    expect((await readdir(join(root, 'logs'))).sort()).toEqual(['main.1.log', 'main.log']);
    expect(await readFile(join(root, 'logs', 'main.log'), 'utf8')).toBe(
      '[masked] ?code=[redacted]\n',
    );
    expect(JSON.parse(await readFile(join(root, 'versions.json'), 'utf8'))).toMatchObject({
      app: '9.9.9',
    });
    expect(JSON.parse(await readFile(join(root, 'queue.json'), 'utf8'))).toEqual({
      counts: queueCounts,
    });
  });

  it('says in words when the folder does not exist, and leaves nothing behind', async () => {
    const out = join(dir, 'missing', 'd.tar.gz');
    const saving = writeDiagnostics({
      dataDir: dir,
      settingsView,
      queueCounts,
      versions: currentVersions(),
      out,
    });
    await expect(saving).rejects.toThrow(DiagnosticsNotSaved);
    await expect(saving).rejects.toThrow(`the folder ${join(dir, 'missing')} does not exist`);
    expect(existsSync(out)).toBe(false);
    expect(await readdir(dir)).toEqual([]);
  });

  it.skipIf(needsSymlinks.skip)(
    needsSymlinks.title('never follows a link planted where its temporary file would go'),
    async () => {
      // Another user of a shared folder (/tmp) plants a link at the name a save beside the target
      // could be guessed to use (it once was `.<name>.<pid>.partial`): it is never written through.
      const victim = join(dir, 'victim.txt');
      await writeFile(victim, 'precious\n');
      const out = join(dir, 'd.tar.gz');
      const planted = join(dir, `.d.tar.gz.${process.pid}.partial`);
      await symlink(victim, planted);
      await writeDiagnostics({
        dataDir: join(dir, 'data'),
        settingsView,
        queueCounts,
        versions: currentVersions(),
        out,
      });
      expect(await readFile(victim, 'utf8')).toBe('precious\n');
      expect((await lstat(planted)).isSymbolicLink()).toBe(true);
      expect((await lstat(out)).isFile()).toBe(true);
      await extract({ file: out, cwd: dir });
      expect(existsSync(join(dir, ARCHIVE_FOLDER, 'queue.json'))).toBe(true);
      // Nothing of the save is left beside the target but the archive.
      expect((await readdir(dir)).sort()).toEqual(
        [ARCHIVE_FOLDER, basename(planted), 'd.tar.gz', 'victim.txt'].sort(),
      );
    },
  );

  it('suggests a dated file name', () => {
    expect(diagnosticsFileName(new Date('2026-11-23T21:00:00Z'))).toBe(
      'photo-uploader-diagnostics-2026-11-23.tar.gz',
    );
  });
});
