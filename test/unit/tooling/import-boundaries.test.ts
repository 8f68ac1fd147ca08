import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../..');
const probes: string[] = [];

/** Lints a throw-away file at `path` (relative to the repo) and returns the restricted-import messages. */
async function violations(path: string, code: string): Promise<string[]> {
  const file = join(ROOT, path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, code);
  probes.push(file);
  const [result] = await new ESLint({ cwd: ROOT }).lintFiles([file]);
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

afterAll(async () => {
  await Promise.all(probes.map((file) => rm(file, { force: true })));
});

describe('import boundaries (eslint)', () => {
  it('keeps Node, Electron and other folders out of shared/', async () => {
    const found = await violations(
      'shared/zz-lint-probe.ts',
      "import { readFile } from 'node:fs';\nimport { app } from 'electron';\nimport { x } from '../main/queue/x';\nexport const probe = [readFile, app, x];\n",
    );
    expect(found).toHaveLength(3);
  });

  it('keeps Electron and Node out of the renderer', async () => {
    const found = await violations(
      'renderer/zz-lint-probe.ts',
      "import { ipcRenderer } from 'electron';\nimport path from 'path';\nexport const probe = [ipcRenderer, path];\n",
    );
    expect(found).toHaveLength(2);
  });

  it('keeps Electron out of main’s core folders but allows it at the edges', async () => {
    const code = "import { app } from 'electron';\nexport const probe = app;\n";
    expect(await violations('main/queue/zz-lint-probe.ts', code)).toHaveLength(1);
    expect(await violations('main/platform/zz-lint-probe.ts', code)).toHaveLength(0);
  });

  it('lets shared/ code be imported from main', async () => {
    const found = await violations(
      'main/queue/zz-lint-probe2.ts',
      "import { sanitizeDescription } from '../../shared/description/description-policy';\nexport const probe = sanitizeDescription;\n",
    );
    expect(found).toEqual([]);
  });
});
