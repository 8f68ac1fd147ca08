import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { copyFile, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../../../shared/domain/clock';
import { QueueStore } from '../../../main/queue/queue-store';
import {
  admin,
  type AdminPhoto,
  md5,
  s3ClientFor,
  type TestService,
} from '../../support/photo-service-harness';
import { needs } from '../../support/platform-needs';
import { type SignedInCli, startSignedInCli } from '../../support/signed-in-cli';
import { cliLogin, ROOT, runCli } from '../../support/upload-harness';

const needsKeychainAndExiftool = needs('gnome-keyring', 'exiftool');

const run = promisify(execFile);

/** A web server publishing `folder` at its root, as a published photo host's web server would. */
async function publish(folder: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    if (path.includes('..')) {
      response.writeHead(404).end();
      return;
    }
    readFile(join(folder, path))
      .then((bytes) => response.end(bytes))
      .catch(() => response.writeHead(404).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
const FIXTURES = join(ROOT, 'test/fixtures');
const HEIC = join(FIXTURES, 'exif-samples/heic/IMG_5195.HEIC');
const TIFF = join(FIXTURES, 'tiff/rotated-gps.tiff');

type ExifFacts = {
  DateTimeOriginal?: string;
  OffsetTimeOriginal?: string;
  GPSLatitude?: number;
  GPSLongitude?: number;
  ImageWidth: number;
  ImageHeight: number;
  Orientation?: number;
  FileType: string;
};

/** What ExifTool (the reference) reads from a file: dates, position, size, orientation. */
async function exifFacts(path: string): Promise<ExifFacts> {
  const { stdout } = await run('exiftool', [
    '-json',
    '-n',
    '-DateTimeOriginal',
    '-OffsetTimeOriginal',
    '-GPSLatitude',
    '-GPSLongitude',
    '-ImageWidth',
    '-ImageHeight',
    '-Orientation',
    '-FileType',
    path,
  ]);
  const [facts] = JSON.parse(stdout) as [ExifFacts];
  return facts;
}

describe.skipIf(needsKeychainAndExiftool.skip)(
  needsKeychainAndExiftool.title('HEIC and TIFF photos arrive at the service as JPEG'),
  () => {
    let service: TestService;
    let env: NodeJS.ProcessEnv;
    let dataDir: string;
    let cli: SignedInCli;
    let photos: AdminPhoto[];
    const staged = new Map<string, Buffer>();

    /** The staged object the service fetched for a photo, read back from the S3 store. */
    async function stagedBytes(photo: AdminPhoto, extension: string): Promise<Buffer> {
      const store = service.info.s3!;
      const answer = await s3ClientFor(service.info).send(
        new GetObjectCommand({ Bucket: store.bucket, Key: `uploads/${photo.hash}.${extension}` }),
      );
      return Buffer.from(await answer.Body!.transformToByteArray());
    }

    beforeAll(async () => {
      cli = await startSignedInCli('heic-jpeg');
      ({ service, dataDir, env } = cli);
      const { folder } = cli;
      await copyFile(HEIC, join(folder, 'IMG_5195.HEIC'));
      await copyFile(TIFF, join(folder, 'rotated-gps.tiff'));
      const upload = await runCli(
        ['upload', folder, '--project', service.info.projects[0]!.id, '--data-dir', dataDir],
        env,
      );
      expect(upload.code, upload.stderr).toBe(0);
      photos = (await admin.state(service.info)).photos;
      for (const photo of photos) staged.set(photo.id, await stagedBytes(photo, 'jpg'));
    }, 120_000);

    afterAll(() => cli?.close());

    it('stores two processed photos whose media type is image/jpeg', () => {
      expect(photos).toHaveLength(2);
      for (const photo of photos) {
        expect(photo.processing_status).toBe('processed');
        expect(photo.media_type).toBe('image/jpeg');
      }
    });

    it("hashes each photo as the MD5 of the uploaded JPEG, recorded in the queue's upload_md5", async () => {
      const store = new QueueStore(join(dataDir, 'queue.db'), systemClock);
      const items = store.all().filter((item) => item.kind === 'photo');
      store.close();
      const originals = new Set([md5(await readFile(HEIC)), md5(await readFile(TIFF))]);
      for (const photo of photos) {
        expect(md5(staged.get(photo.id)!)).toBe(photo.hash);
        const item = items.find((candidate) => candidate.photo_id === photo.id);
        expect(item?.upload_md5).toBe(photo.hash);
        // The original's MD5 stays in `md5`, for duplicates.
        expect(originals.has(item?.md5 ?? '')).toBe(true);
        expect(item?.md5).not.toBe(photo.hash);
      }
    });

    it('keeps the capture time (with its offset) and GPS position, and turns the TIFF upright', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'heic-jpeg-read-back-'));
      const byOriginal = new Map<string, ExifFacts>();
      for (const [id, bytes] of staged) {
        const path = join(folder, `${id}.jpg`);
        await writeFile(path, bytes);
        const facts = await exifFacts(path);
        byOriginal.set(facts.DateTimeOriginal === '2021:04:11 15:47:53' ? 'heic' : 'tiff', facts);
      }
      for (const [kind, original] of [
        ['heic', await exifFacts(HEIC)],
        ['tiff', await exifFacts(TIFF)],
      ] as const) {
        const converted = byOriginal.get(kind)!;
        expect(converted.FileType).toBe('JPEG');
        expect(converted.DateTimeOriginal).toBe(original.DateTimeOriginal);
        expect(converted.OffsetTimeOriginal).toBe(original.OffsetTimeOriginal);
        expect(converted.GPSLatitude).toBeCloseTo(original.GPSLatitude!, 6);
        expect(converted.GPSLongitude).toBeCloseTo(original.GPSLongitude!, 6);
        expect(converted.Orientation ?? 1).toBe(1);
        const photo = photos.find((candidate) => md5(staged.get(candidate.id)!) === candidate.hash);
        expect(photo).toBeDefined();
      }
      // The TIFF says "rotate 90° clockwise": the JPEG's pixels are turned, so its sides swap.
      const tiff = await exifFacts(TIFF);
      expect(tiff.Orientation).toBe(6);
      expect([byOriginal.get('tiff')!.ImageWidth, byOriginal.get('tiff')!.ImageHeight]).toEqual([
        tiff.ImageHeight,
        tiff.ImageWidth,
      ]);
      // The service took the same capture time and position as it would from the original.
      const heicPhoto = photos.find(
        (photo) => photo.captured_at === Date.UTC(2021, 3, 11, 20, 47, 53) / 1000,
      );
      expect(heicPhoto?.coordinates?.lat).toBeCloseTo(39.0513444, 5);
      expect(heicPhoto?.coordinates?.lon).toBeCloseTo(-94.2887722, 5);
      const tiffPhoto = photos.find(
        (photo) => photo.captured_at === Date.UTC(2008, 9, 22, 14, 28, 39) / 1000,
      );
      expect(tiffPhoto?.coordinates?.lat).toBeCloseTo(43.4674483, 5);
    });

    it('leaves nothing in the staging folder once the photos are staged', async () => {
      const left = await readdir(join(dataDir, 'staging')).catch(() => []);
      expect(left).toEqual([]);
    });

    it('sends the HEIC unchanged with --keep-originals', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'heic-original-'));
      await mkdir(folder, { recursive: true });
      await copyFile(HEIC, join(folder, 'IMG_5195.HEIC'));
      const project = service.info.projects[1]!.id;
      const upload = await runCli(
        ['upload', folder, '--project', project, '--keep-originals', '--data-dir', dataDir],
        env,
      );
      expect(upload.code, upload.stderr).toBe(0);
      const [photo] = (await admin.state(service.info)).photos.filter(
        (candidate) => candidate.project_id === project,
      );
      expect(photo?.media_type).toBe('image/heic');
      expect(photo?.hash).toBe(md5(await readFile(HEIC)));
      const store = new QueueStore(join(dataDir, 'queue.db'), systemClock);
      const item = store.all().find((candidate) => candidate.photo_id === photo?.id);
      store.close();
      expect(item?.upload_md5).toBeNull();
      // Saved like the other settings: the next run keeps originals too, until --convert-originals.
      const settings = JSON.parse(await readFile(join(dataDir, 'settings.json'), 'utf8')) as {
        keepOriginals?: boolean;
      };
      expect(settings.keepOriginals).toBe(true);
    }, 120_000);

    it('through a published folder, publishes the JPEG it records, so a lost create answer is adopted, never created twice', async () => {
      const root = await mkdtemp(join(tmpdir(), 'heic-published-'));
      await mkdir(join(root, 'site'));
      await copyFile(HEIC, join(root, 'site', 'IMG_5195.HEIC'));
      const web = await publish(root);
      try {
        const publishedDir = await mkdtemp(join(tmpdir(), 'heic-published-data-'));
        await cliLogin(service.info, publishedDir);
        const project = service.info.projects[2]!.id;
        // The create's answer is lost once, after the service stored the photo.
        await admin.post(service.info, '/faults', {
          route: 'POST /v2/projects/:project_id/photos',
          action: 'drop-after-commit',
          times: 1,
        });
        const upload = await runCli([
          'upload',
          join(root, 'site'),
          '--project',
          project,
          '--host',
          'published',
          '--published-root',
          root,
          '--published-url',
          `${web.origin}/`,
          '--data-dir',
          publishedDir,
        ]);
        expect(upload.code, upload.stderr).toBe(0);
        const state = await admin.state(service.info);
        expect(state.requests['POST /v2/projects/:project_id/photos']?.dropped).toBe(1);
        const onService = state.photos.filter((photo) => photo.project_id === project);
        expect(onService).toHaveLength(1);
        const [photo] = onService;
        // The service fetched the JPEG whose MD5 the queue recorded as uploaded.
        expect(photo?.media_type).toBe('image/jpeg');
        const store = new QueueStore(join(publishedDir, 'queue.db'), systemClock);
        const [item] = store.all().filter((candidate) => candidate.kind === 'photo');
        store.close();
        expect(item).toMatchObject({ state: 'done', photo_id: photo?.id, upload_md5: photo?.hash });
        expect(item?.md5).toBe(md5(await readFile(HEIC)));
        // The JPEG sits in a folder of its own in the published folder; the user's folder is untouched.
        expect(await readdir(join(root, 'site'))).toEqual(['IMG_5195.HEIC']);
        expect(md5(await readFile(join(root, 'photo-uploader-jpeg', `${photo?.hash}.jpg`)))).toBe(
          photo?.hash,
        );
      } finally {
        await new Promise((resolve) => web.server.close(resolve));
      }
    }, 120_000);
  },
);
