import { createReadStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { silentLogger } from '../../main/logging/logger';
import { Intake } from '../../main/media/intake';
import { noKnownPhotos } from '../../main/media/known-photos';
import { FileQueue } from '../../main/media/file-queue';
import { MediaWorkers } from '../../main/media/media-workers';
import type { InspectMode } from '../../main/media/worker-protocol';
import { writeTags } from '../support/exiftool';
import type { Figure } from './bench-report';
import { bundledWorkers, dropCaches, firstLineAndEnd, timed } from './bench-support';

type Entries = { readonly workerEntry: URL; readonly crawlerEntry: URL };

const PHOTOS = 2000;
const LARGE_FOLDER = 10_000;

/** Camera-like EXIF variants: the bench photos cover every capture rule but file-time. */
const VARIANTS: Record<string, string>[] = [
  {
    DateTimeOriginal: '2024:05:01 09:15:00',
    OffsetTimeOriginal: '+02:00',
    Make: 'Canon',
    Model: 'EOS R6',
    Orientation: '6',
  },
  {
    DateTimeOriginal: '2024:05:01 10:15:00',
    GPSDateStamp: '2024:05:01',
    GPSTimeStamp: '08:15:03',
    GPSLatitude: '45.4642',
    GPSLatitudeRef: 'N',
    GPSLongitude: '9.19',
    GPSLongitudeRef: 'E',
  },
  {
    DateTimeOriginal: '2024:05:01 11:15:00',
    GPSLatitude: '40.7128',
    GPSLatitudeRef: 'N',
    GPSLongitude: '74.006',
    GPSLongitudeRef: 'W',
    Make: 'Apple',
    Model: 'iPhone 15',
  },
  { DateTimeOriginal: '2024:05:01 12:15:00', Make: 'NIKON', Model: 'D850' },
];

/** A folder of photos: a few camera-like originals, each copy made unique by a trailer after its end marker. */
async function generate(
  folder: string,
  count: number,
  options: { width: number; height: number; perFolder: number },
): Promise<number> {
  await mkdir(folder, { recursive: true });
  const originals: Buffer[] = [];
  for (const [index, tags] of VARIANTS.entries()) {
    const file = join(folder, `original-${index}.jpg`);
    await sharp({
      create: {
        width: options.width,
        height: options.height,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg({ quality: 85 })
      .toFile(file);
    await writeTags(file, tags);
    originals.push(await readFile(file));
    await rm(file);
  }
  let bytes = 0;
  for (let index = 0; index < count; index += 1) {
    const sub = join(
      folder,
      `day-${String(Math.floor(index / options.perFolder)).padStart(3, '0')}`,
    );
    if (index % options.perFolder === 0) await mkdir(sub, { recursive: true });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32BE(index);
    const photo = Buffer.concat([originals[index % originals.length]!, trailer]);
    bytes += photo.length;
    await writeFile(join(sub, `IMG_${String(index).padStart(5, '0')}.JPG`), photo);
  }
  return bytes;
}

/**
 * Crawls `folder` and inspects every file in `mode` on the media workers (started before timing,
 * as the app starts them at launch). Returns the milliseconds taken and the photos found.
 */
async function crawlAndInspect(
  folder: string,
  entries: Entries,
  mode: InspectMode,
): Promise<{ ms: number; photos: number }> {
  const workers = new MediaWorkers({ logger: silentLogger, ...entries });
  await workers.warmUp();
  let photos = 0;
  const queue = new FileQueue();
  const ms = await timed(async () => {
    const crawling = workers
      .crawl([folder], (found) => queue.push(found.filter((item) => item.kind === 'file')))
      .finally(() => queue.close());
    await Promise.all([
      crawling,
      workers.inspect(
        queue,
        { assumedZone: 'UTC', mode },
        (result) => (photos += result.status === 'photo' ? 1 : 0),
      ),
    ]);
  });
  await workers.close();
  return { ms, photos };
}

async function metadataRate(
  folder: string,
  entries: Entries,
): Promise<{ filesPerSecond: number; photos: number }> {
  const { ms, photos } = await crawlAndInspect(folder, entries, 'metadata');
  return { filesPerSecond: photos / (ms / 1000), photos };
}

async function md5Rate(folder: string, entries: Entries, bytes: number): Promise<number> {
  const { ms } = await crawlAndInspect(folder, entries, 'hash');
  return bytes / (ms / 1000);
}

/** The disk's read rate for the same files: plain reads, six files at a time (more reads in flight than the inspectors have: one each). */
async function readRate(paths: readonly string[], bytes: number): Promise<number> {
  let next = 0;
  const ms = await timed(() =>
    Promise.all(
      Array.from({ length: 6 }, async () => {
        while (next < paths.length) {
          const path = paths[next++]!;
          for await (const _chunk of createReadStream(path, { highWaterMark: 1024 * 1024 }))
            void _chunk;
        }
      }),
    ),
  );
  return bytes / (ms / 1000);
}

/** The CPU's MD5 ceiling: the same number of bytes hashed from memory on one thread per core. */
async function md5Ceiling(bytes: number): Promise<number> {
  const threads = availableParallelism();
  const perThread = Math.ceil(bytes / threads / (1024 * 1024));
  const code = `const { createHash } = require('node:crypto'); const { parentPort, workerData } = require('node:worker_threads');
    const block = Buffer.alloc(1024 * 1024, 7); for (let i = 0; i < workerData; i += 1) createHash('md5').update(block).digest();
    parentPort.postMessage('done');`;
  const ms = await timed(() =>
    Promise.all(
      Array.from(
        { length: threads },
        () =>
          new Promise((resolve) =>
            new Worker(code, { eval: true, workerData: perThread }).once('message', resolve),
          ),
      ),
    ),
  );
  return (perThread * threads * 1024 * 1024) / (ms / 1000);
}

/**
 * Two rates measured twice each from a cold cache, in the order a, b, b, a, the higher of each
 * kept. Whichever ran first after the bench wrote its 1.3 GB could run several per cent slower
 * (the disk still settling, code still cold); alternating gives both the same chances. The
 * higher rather than the mean: what disturbs a run here (another process, a disk's stall) only
 * ever slows it, so one disturbed run should not count (a plain-read baseline once ran at 345
 * against 1,061 MiB/s). a (ours) holds both ends of the order, so under a drift that keeps
 * going one way, either way, a is favoured slightly; all four rates are printed, so that such a
 * run shows.
 */
async function bestOfAlternating(
  a: () => Promise<number>,
  b: () => Promise<number>,
  show: (rate: number) => string = (rate) => rate.toFixed(0),
): Promise<{ a: number; b: number; runs: string }> {
  const runs: Record<'a' | 'b', number[]> = { a: [], b: [] };
  for (const which of ['a', 'b', 'b', 'a'] as const) {
    await dropCaches();
    runs[which].push(await (which === 'a' ? a : b)());
  }
  const shown = (rates: number[]) => rates.map(show).join(' and ');
  return {
    a: Math.max(...runs.a),
    b: Math.max(...runs.b),
    runs: `${shown(runs.a)} against ${shown(runs.b)}`,
  };
}

async function firstBatchMs(folder: string, entries: Entries): Promise<number> {
  const workers = new MediaWorkers({ logger: silentLogger, ...entries });
  // The app starts its worker pool at launch, long before anything is dropped.
  await workers.warmUp();
  const started = performance.now();
  let first: number | undefined;
  await new Intake(workers, noKnownPhotos, silentLogger).run(
    [folder],
    { assumedZone: 'UTC' },
    () => {
      first ??= performance.now() - started;
    },
  );
  await workers.close();
  return first ?? Number.NaN;
}

function listPhotos(folder: string, count: number, perFolder: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    join(
      folder,
      `day-${String(Math.floor(index / perFolder)).padStart(3, '0')}`,
      `IMG_${String(index).padStart(5, '0')}.JPG`,
    ),
  );
}

/**
 * Photo intake: crawl + metadata and MD5 rates on 2,000 generated camera photos with EXIF, against
 * ExifTool and plain reads of the same files in the same run, and the first batch of a
 * 10,000-file folder against ExifTool's first line on the same folder.
 */
export async function benchIntake(): Promise<{ figures: Figure[]; notes: string[] }> {
  const root = await mkdtemp(join(tmpdir(), 'bench-intake-'));
  try {
    const entries = await bundledWorkers();
    const photos = join(root, 'photos');
    const bytes = await generate(photos, PHOTOS, { width: 1280, height: 960, perFolder: 200 });
    const large = join(root, 'large');
    await generate(large, LARGE_FOLDER, { width: 64, height: 48, perFolder: 100 });

    const cold = await dropCaches();
    let found = 0;
    const metadata = await bestOfAlternating(
      async () => {
        const ours = await metadataRate(photos, entries);
        found = ours.photos;
        return ours.filesPerSecond;
      },
      async () => {
        const { totalMs } = await firstLineAndEnd('exiftool', [
          '-json',
          '-n',
          '-fast2',
          '-r',
          photos,
        ]);
        return PHOTOS / (totalMs / 1000);
      },
    );
    const hashing = await bestOfAlternating(
      () => md5Rate(photos, entries, bytes),
      () => readRate(listPhotos(photos, PHOTOS, 200), bytes),
      (rate) => (rate / 1024 / 1024).toFixed(0),
    );
    const [md5, read] = [hashing.a, hashing.b];
    const ceiling = await md5Ceiling(bytes);
    await dropCaches();
    const first = await firstBatchMs(large, entries);
    await dropCaches();
    const exiftoolFirst = await firstLineAndEnd('exiftool', [
      '-T',
      '-n',
      '-fast2',
      '-r',
      '-DateTimeOriginal',
      large,
    ]);

    const notes = [
      `${found} photos (${(bytes / PHOTOS / 1024).toFixed(0)} KiB each, ${(bytes / 1024 / 1024).toFixed(0)} MiB); bundled workers as the app ships them, started before timing as the app starts them at launch`,
      cold
        ? 'page cache dropped before each measurement: reads come from the disk'
        : 'page cache could not be dropped (not root): reads may come from memory',
      'the MD5 target (0.8) is against whichever binds, the disk or the CPU: the line marked (binds)',
      `each rate measured twice, alternating with its baseline (a, b, b, a), the higher kept: crawl + metadata ${metadata.runs} files/s; MD5 ${hashing.runs} MiB/s`,
    ];
    return {
      figures: [
        {
          name: 'crawl + metadata',
          value: metadata.a,
          unit: 'files/s',
          baseline: { name: 'exiftool -json -n -fast2', value: metadata.b },
          better: 'higher',
          target: 6,
        },
        {
          name: `MD5 of every byte, against what the disk can read${read <= ceiling ? ' (binds)' : ''}`,
          value: md5 / 1024 / 1024,
          unit: 'MiB/s',
          baseline: { name: 'plain reads of the same files', value: read / 1024 / 1024 },
          better: 'higher',
          target: 0.8,
        },
        {
          name: `MD5 of every byte, against what the CPU can hash${ceiling < read ? ' (binds)' : ''}`,
          value: md5 / 1024 / 1024,
          unit: 'MiB/s',
          baseline: {
            name: `MD5 of the same bytes in memory on ${availableParallelism()} threads`,
            value: ceiling / 1024 / 1024,
          },
          better: 'higher',
          target: 0.8,
        },
        {
          name: 'first batch of a 10,000-file folder',
          value: first,
          unit: 'ms',
          baseline: { name: "exiftool's first line (-T -fast2)", value: exiftoolFirst.firstLineMs },
          better: 'lower',
          targetMax: 300,
        },
      ],
      notes,
    };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
