import { readdirSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectBatch } from '../../../../main/media/inspect-batch';
import { InspectorActivity } from '../../../../main/media/inspector-activity';
import { laneHasher } from '../../../../main/media/md5-lanes';
import { needs } from '../../../support/platform-needs';
import type { InspectMode, InspectResult } from '../../../../main/media/worker-protocol';

const SAMPLES = join(import.meta.dirname, '../../../fixtures/exif-samples');

let dir: string;
let paths: string[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'inspect-batch-'));
  paths = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(jpe?g|heic|heif|png)$/i.test(entry.name)) paths.push(path);
    }
  };
  walk(SAMPLES);
  // What the lanes must report as the one-at-a-time path does: a truncated JPEG, a photo with a
  // trailer after its end marker, an empty file, a text file, a file that is gone.
  const canon = await readFile(join(SAMPLES, 'jpg/Canon_40D.jpg'));
  const odd = {
    'truncated.jpg': canon.subarray(0, canon.length - 4000),
    'trailer.jpg': Buffer.concat([canon, Buffer.alloc(70_000, 7)]),
    'empty.jpg': Buffer.alloc(0),
    'notes.jpg': Buffer.from('not a photo'),
  };
  for (const [name, bytes] of Object.entries(odd)) {
    await writeFile(join(dir, name), bytes);
    paths.push(join(dir, name));
  }
  await copyFile(join(SAMPLES, 'jpg/Nikon_D70.jpg'), join(dir, 'copy.jpg'));
  paths.push(join(dir, 'copy.jpg'), join(dir, 'gone.jpg'));
});

afterAll(() => rm(dir, { recursive: true, force: true }));

/** One thread's lanes, used by every batch here as a worker's are. */
const hasher = laneHasher();

async function inspectAll(mode: InspectMode, lanes: boolean): Promise<InspectResult[]> {
  const results: InspectResult[] = [];
  await inspectBatch(
    {
      type: 'inspect',
      id: 1,
      files: paths.map((path) => ({ kind: 'file' as const, path, size: 0, modifiedMs: 0 })),
      assumedZone: 'Europe/Berlin',
      mode,
      maxFileBytes: 50 * 1024 * 1024,
    },
    (index, result) => {
      // In the request's order, each once: the window lists them as they come.
      expect(index, `file ${index} out of order`).toBe(results.length);
      results[index] = result;
    },
    new InspectorActivity(),
    lanes ? hasher : undefined,
  );
  return results;
}

describe('inspectBatch: MD5s side by side give what one file at a time gives', () => {
  it('has WebAssembly SIMD here, so the lanes are what is tested', () => {
    expect(hasher).toBeDefined();
  });

  it.each(['full', 'hash'] as const)(
    'in %s mode, for every reference photo and odd file',
    async (mode) => {
      const sideBySide = await inspectAll(mode, true);
      const oneAtATime = await inspectAll(mode, false);
      expect(sideBySide).toHaveLength(paths.length);
      expect(sideBySide).toEqual(oneAtATime);
      if (mode === 'full') {
        const byName = (name: string) => sideBySide[paths.indexOf(join(dir, name))];
        expect(byName('truncated.jpg')).toMatchObject({ status: 'error' });
        expect(byName('trailer.jpg')).toMatchObject({ status: 'photo' });
        expect(byName('gone.jpg')).toMatchObject({ status: 'error' });
        expect(sideBySide.filter((result) => result.status === 'photo').length).toBeGreaterThan(50);
      }
    },
  );
});

/**
 * Runs a batch whose report throws as soon as one comes with files still on the lanes (after
 * the first), and returns what happened around it.
 */
async function failPartWay(): Promise<{
  failure: unknown;
  reports: number;
  thrownAt: number;
  blamed: number | undefined;
  activity: InspectorActivity;
}> {
  const files = paths.map((path) => ({ kind: 'file' as const, path, size: 0, modifiedMs: 0 }));
  let reports = 0;
  let thrownAt = 0;
  let blamed: number | undefined;
  const activity = new InspectorActivity();
  let failure: unknown;
  try {
    await inspectBatch(
      {
        type: 'inspect',
        id: 1,
        files,
        assumedZone: 'Europe/Berlin',
        mode: 'full',
        maxFileBytes: 50 * 1024 * 1024,
      },
      () => {
        reports += 1;
        if (reports < 2 || !hasher!.busy) return;
        thrownAt = reports;
        blamed = activity.current;
        throw new Error('the port is gone');
      },
      activity,
      hasher,
    );
  } catch (error) {
    failure = error;
  }
  return { failure, reports, thrownAt, blamed, activity };
}

const needsProc = needs('proc');

describe('inspectBatch: a batch that fails part-way', () => {
  it('frees every lane, reports nothing more, keeps the blame, and the next batch gives the same results', async () => {
    const { failure, reports, thrownAt, blamed, activity } = await failPartWay();
    expect(failure).toMatchObject({ message: 'the port is gone' });
    expect(reports, 'nothing reported once it failed').toBe(thrownAt);
    expect(hasher!.busy).toBe(false);
    // Closing the other files did not move the blame off the one it failed on.
    expect(activity.current).toBe(blamed);
    expect(await inspectAll('full', true)).toEqual(await inspectAll('full', false));
  });

  it.skipIf(needsProc.skip)(
    needsProc.title('closes the files that were on the lanes'),
    async () => {
      const openFiles = () => readdirSync('/proc/self/fd').length;
      const before = openFiles();
      const { failure } = await failPartWay();
      expect(failure).toBeInstanceOf(Error);
      expect(openFiles()).toBe(before);
    },
  );
});
