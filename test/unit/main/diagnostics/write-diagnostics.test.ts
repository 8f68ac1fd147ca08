import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extract } from 'tar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ARCHIVE_FOLDER,
  DiagnosticsNotSaved,
  diagnosticsFileName,
  writeDiagnostics,
} from '../../../../main/diagnostics/write-diagnostics';
import { currentVersions } from '../../../../main/diagnostics/versions';
import { settingsViewFixture } from '../../../support/settings-view-fixture';

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

  it('suggests a dated file name', () => {
    expect(diagnosticsFileName(new Date('2026-11-23T21:00:00Z'))).toBe(
      'photo-uploader-diagnostics-2026-11-23.tar.gz',
    );
  });
});
