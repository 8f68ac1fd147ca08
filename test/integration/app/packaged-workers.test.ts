import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { extractFile, listPackage, statFile } from '@electron/asar';
import { getConfig } from 'app-builder-lib/out/util/config/config.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asarLocation, bareImports } from '../../../build/asar-paths';
import { packageDir, packagingFolders } from '../../../build/package-dir';
import { packagedExecutable } from '../../../build/packaging-electron';
import { ROOT } from '../../support/upload-harness';

// The packaged `--dir` build the real-Electron test launches, made the same way (into folders of
// its own) with the stand-in Electron: where its executable is, and that the worker
// threads main starts find what they load inside app.asar.

/** This test's own build (dist/<name>, out/<name>). */
const NAME = 'packaged-workers-test';
let unpacked: string;
let asar: string;
let entries: Set<string>;
/** Where main's bundle sits in this build's archive. */
const MAIN = `${packagingFolders(NAME).dist}/app/main/index.js`;

const manifest = z.object({
  productName: z.string(),
  main: z.string().optional(),
  dependencies: z.record(z.string(), z.string()).optional(),
  optionalDependencies: z.record(z.string(), z.string()).optional(),
});

beforeAll(async () => {
  unpacked = await packageDir({ name: NAME, electronBinary: undefined });
  asar = join(unpacked, 'resources/app.asar');
  entries = new Set(listPackage(asar, { isPack: false }).map((e) => e.replaceAll('\\', '/')));
}, 300_000);

afterAll(async () => {
  for (const folder of Object.values(packagingFolders(NAME)))
    await rm(join(ROOT, folder), { recursive: true, force: true });
});

/** A package.json inside the archive, parsed. */
function packageJson(entry: string) {
  return manifest
    .partial({ productName: true })
    .parse(JSON.parse(extractFile(asar, entry).toString()));
}

describe('the packaged --dir build (stand-in Electron, folders of its own)', () => {
  it('has its executable where packagedExecutable says', async () => {
    const config = await getConfig(ROOT, null, null);
    const { productName } = manifest.parse(
      JSON.parse(extractFile(asar, 'package.json').toString()),
    );
    const executable = packagedExecutable(
      join(ROOT, packagingFolders(NAME).output),
      {
        executableName: config.linux?.executableName ?? '',
        productName,
      },
      'linux',
    );
    expect(executable).toBe(join(unpacked, 'photo-uploader'));
    expect(existsSync(executable)).toBe(true);
  });

  it('keeps the worker bundles in the archive, at the URLs main computes', () => {
    const main = pathToFileURL(join(asar, MAIN));
    expect(entries.has(`/${MAIN}`)).toBe(true);
    expect(packageJson('package.json').main).toBe(MAIN);
    for (const worker of ['./media-worker.js', './crawl-worker.js']) {
      const location = asarLocation(new URL(worker, main));
      expect(location?.archive).toBe(asar);
      const entry = location?.entry ?? '';
      expect(entries.has(`/${entry}`), entry).toBe(true);
      // Read from the archive itself (Electron reads asar in worker threads), not unpacked:
      // beside it, the packages it imports resolve from the archive's node_modules.
      expect(statFile(asar, entry, false)).not.toMatchObject({ unpacked: true });
    }
  });

  it('ships every package the workers import, and what those packages depend on', () => {
    const missing: string[] = [];
    const seen = new Set<string>();
    const visit = (name: string, from: string) => {
      const nested = `${from}/node_modules/${name}`;
      const at = entries.has(`${nested}/package.json`) ? nested : `/node_modules/${name}`;
      if (seen.has(at)) return;
      seen.add(at);
      if (!entries.has(`${at}/package.json`)) {
        missing.push(`${name} (needed by ${from || 'a worker'})`);
        return;
      }
      const { dependencies = {} } = packageJson(`${at.slice(1)}/package.json`);
      for (const dependency of Object.keys(dependencies)) visit(dependency, at);
    };
    for (const worker of ['media-worker', 'crawl-worker']) {
      const source = extractFile(
        asar,
        `${packagingFolders(NAME).dist}/app/main/${worker}.js`,
      ).toString('utf8');
      for (const name of bareImports(source)) visit(name, '');
    }
    // The media worker's decoders are among them (the real-Electron test decodes a HEIC there).
    for (const name of ['heic-decode', 'libheif-js', 'sharp', 'exifr', 'file-type'])
      expect(seen.has(`/node_modules/${name}`), name).toBe(true);
    expect(missing).toEqual([]);
  });
});
