import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFile,
  mkdir,
  mkdtemp,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { WatchRule } from '../../../../shared/domain/watch-rule';
import type { IntakeItemView } from '../../../../shared/ipc/views';
import {
  createLogger,
  type LogRecord,
  type Logger,
  Redactor,
  silentLogger,
} from '../../../../main/logging/logger';
import { type NamedProject, projectForFolderName } from '../../../../main/folders/folder-rules';
import type { WatchCore } from '../../../../main/watch/watch-core';
import { WatchLedger } from '../../../../main/watch/watch-ledger';
import {
  ALREADY_QUEUED,
  OUTSIDE_WATCHED_REASON,
  type WatchReport,
  WatchService,
} from '../../../../main/watch/watch-service';
import { intakePhoto } from '../../../fakes/intake-photo';
import { words } from '../../../../shared/i18n/words';
import { needs } from '../../../support/platform-needs';

const needsSymlinks = needs('symlinks');
const needsFifo = needs('fifo');

const JPEG = join(import.meta.dirname, '../../../fixtures/exif-samples/jpg/Canon_40D.jpg');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds (or fails after `ms`). */
async function until(check: () => boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(20);
  }
}

/**
 * A hand-written core for this one module: intake reads each file's size and MD5, and the queue
 * keeps one photo per MD5 and project, like the queue store.
 */
function fakeCore(projects: readonly NamedProject[] = []) {
  const queue = new Map<string, Set<string>>();
  /** Every path taken in, once per intake (intake reads the whole file and hashes it). */
  const takenIn: string[] = [];
  const added: { projectId: string; intakeIds: readonly number[] }[] = [];
  let listings = 0;
  let nextIntakeId = 1;
  const byIntake = new Map<number, string>();
  const core: WatchCore = {
    async intake(paths) {
      const items: IntakeItemView[] = [];
      for (const path of paths) {
        takenIn.push(path);
        const bytes = await readFile(path);
        const intakeId = nextIntakeId++;
        const md5 = createHash('md5').update(bytes).digest('hex');
        byIntake.set(intakeId, md5);
        items.push({
          ...intakePhoto(path, md5, { size: (await stat(path)).size }),
          intakeId,
          root: path,
          folders: [],
        });
      }
      return items;
    },
    addPhotos(input) {
      const held = queue.get(input.projectId) ?? new Set<string>();
      queue.set(input.projectId, held);
      const addedIntakeIds: number[] = [];
      added.push({ projectId: input.projectId, intakeIds: input.intakeIds });
      for (const id of input.intakeIds) {
        const md5 = byIntake.get(id) ?? '';
        if (held.has(md5)) continue;
        held.add(md5);
        addedIntakeIds.push(id);
      }
      return Promise.resolve({ addedIntakeIds });
    },
    listProjects: () => {
      listings++;
      return Promise.resolve(projects);
    },
    release(intakeIds) {
      for (const id of intakeIds) byIntake.delete(id);
    },
  };
  return {
    core,
    queue,
    takenIn,
    added,
    listings: () => listings,
    /** How many intake results the core still holds (the watcher must release each round's). */
    held: () => byIntake.size,
  };
}

const ruleFor = (path: string): WatchRule => ({
  path,
  project: { kind: 'fixed', projectId: 'p1' },
  description: '',
  tags: [],
  tagsFromFolders: false,
  internal: false,
});

describe('WatchService', () => {
  const open: { service: WatchService; ledger: WatchLedger }[] = [];
  afterEach(async () => {
    for (const { service, ledger } of open.splice(0)) {
      await service.close();
      ledger.close();
    }
  });

  async function start(options: {
    readonly rescanMs?: number;
    readonly fileEvents?: boolean;
    readonly core?: WatchCore;
    readonly rule?: (folder: string) => WatchRule;
    readonly logger?: Logger;
    readonly settleMs?: number;
    /** Fills the folder before it is watched. */
    readonly before?: (folder: string) => Promise<void>;
  }) {
    const folder = await mkdtemp(join(tmpdir(), 'watch-service-'));
    await options.before?.(folder);
    const ledger = new WatchLedger(join(await mkdtemp(join(tmpdir(), 'ledger-')), 'l.db'));
    const reports: WatchReport[] = [];
    const service = new WatchService({
      core: options.core ?? fakeCore().core,
      ledger,
      logger: options.logger ?? silentLogger,
      report: (report) => reports.push(report),
      assumedZone: () => 'UTC',
      settleMs: options.settleMs ?? 100,
      tickMs: 50,
      rescanMs: options.rescanMs,
      fileEvents: options.fileEvents,
    });
    open.push({ service, ledger });
    await service.use([(options.rule ?? ruleFor)(folder)]);
    return { folder, reports, service };
  }

  const queuedPaths = (reports: readonly WatchReport[]) =>
    reports.flatMap((report) => (report.kind === 'queued' ? [report.path] : []));

  it('finds a file whose event was lost by listing the whole folder again', async () => {
    // No file-system events at all: only the initial listing and the periodic one see files.
    const { folder, reports } = await start({ fileEvents: false, rescanMs: 300 });
    await until(() => reports.some((report) => report.kind === 'state'), 5000, 'watching');
    await pause(200);
    const missed = join(folder, 'missed.jpg');
    await copyFile(JPEG, missed);
    await until(() => queuedPaths(reports).includes(missed), 10_000, 'the rescan to find it');
    // The next listings see it again, and the ledger keeps it from being queued twice.
    await pause(1000);
    expect(queuedPaths(reports)).toEqual([missed]);
  }, 20_000);

  it('does not find such a file without the periodic listing (the listing is what finds it)', async () => {
    const { folder, reports } = await start({ fileEvents: false, rescanMs: 600_000 });
    await until(() => reports.some((report) => report.kind === 'state'), 5000, 'watching');
    await pause(200);
    await copyFile(JPEG, join(folder, 'missed.jpg'));
    await pause(1500);
    expect(queuedPaths(reports)).toEqual([]);
  }, 20_000);

  it('reports "queued" only for photos the queue took, and why the others were not', async () => {
    const { core } = fakeCore();
    const { folder, reports } = await start({ core });
    const first = join(folder, 'first.jpg');
    await copyFile(JPEG, first);
    await until(() => queuedPaths(reports).includes(first), 10_000, 'first.jpg queued');
    // The same bytes under another name: the queue already holds that photo for the project.
    const copy = join(folder, 'copy.jpg');
    await copyFile(JPEG, copy);
    await until(
      () => reports.some((report) => report.kind === 'skipped' && report.path === copy),
      10_000,
      'copy.jpg looked at',
    );
    expect(queuedPaths(reports)).toEqual([first]);
    expect(reports).toContainEqual({ kind: 'skipped', path: copy, reason: ALREADY_QUEUED });
  }, 20_000);

  it('says once why a file was skipped, not again at each full listing', async () => {
    // A subfolder named like no project: skipped, and found again by every listing.
    const { folder, reports } = await start({
      rescanMs: 300,
      rule: (path) => ({ ...ruleFor(path), project: { kind: 'per-subfolder' } }),
    });
    await until(() => reports.some((report) => report.kind === 'state'), 5000, 'watching');
    await mkdir(join(folder, 'Nowhere'));
    const stray = join(folder, 'Nowhere', 'stray.jpg');
    await copyFile(JPEG, stray);
    const skips = () =>
      reports.filter((report) => report.kind === 'skipped' && report.path === stray);
    await until(() => skips().length > 0, 10_000, 'stray.jpg skipped');
    await pause(1500); // several listings later
    expect(skips()).toHaveLength(1);
  }, 20_000);

  it('does not take a skipped file in again at each full listing, only once it changed', async () => {
    const fake = fakeCore();
    const { folder, reports } = await start({
      core: fake.core,
      rescanMs: 300,
      rule: (path) => ({ ...ruleFor(path), project: { kind: 'per-subfolder' } }),
    });
    await until(() => reports.some((report) => report.kind === 'state'), 5000, 'watching');
    await mkdir(join(folder, 'Nowhere'));
    const stray = join(folder, 'Nowhere', 'stray.jpg');
    await copyFile(JPEG, stray);
    const readings = () => fake.takenIn.filter((path) => path === stray).length;
    await until(() => readings() > 0, 10_000, 'stray.jpg taken in');
    await pause(1500); // several full listings later
    expect(readings()).toBe(1);
    // Changed since (a new modification time): it is looked at again.
    const later = new Date(Date.now() + 60_000);
    await utimes(stray, later, later);
    await until(() => readings() === 2, 10_000, 'the changed stray.jpg taken in again');
  }, 30_000);

  it('matches subfolders among every project (all pages), exactly; a name two projects share is skipped', async () => {
    const projects: NamedProject[] = [
      ...Array.from({ length: 150 }, (_, at) => ({ id: `p${at}`, name: `Late Site ${at}` })),
      { id: 'late', name: 'late site' },
      { id: 'twin-a', name: 'Twin' },
      { id: 'twin-b', name: 'TWIN' },
    ];
    const fake = fakeCore(projects);
    const { folder, reports } = await start({
      core: fake.core,
      rule: (path) => ({ ...ruleFor(path), project: { kind: 'per-subfolder' } }),
    });
    await until(() => reports.some((report) => report.kind === 'state'), 5000, 'watching');
    await mkdir(join(folder, 'Late Site'));
    await mkdir(join(folder, 'Twin'));
    const late = join(folder, 'Late Site', 'a.jpg');
    const twin = join(folder, 'Twin', 'b.jpg');
    await copyFile(JPEG, late);
    await until(() => queuedPaths(reports).includes(late), 10_000, 'a.jpg queued');
    expect(reports).toContainEqual({ kind: 'queued', path: late, projectId: 'late' });
    await copyFile(JPEG, twin);
    const ambiguous = projectForFolderName('Twin', projects);
    expect(ambiguous.kind).toBe('skip');
    await until(
      () => reports.some((report) => report.kind === 'skipped' && report.path === twin),
      10_000,
      'b.jpg skipped',
    );
    expect(reports).toContainEqual({
      kind: 'skipped',
      path: twin,
      reason: ambiguous.kind === 'skip' ? ambiguous.reason : '',
    });
    expect(fake.added.map((call) => call.projectId)).toEqual(['late']);
    // One listing of the projects per round (two rounds here: one per file), never per page.
    expect(fake.listings()).toBeLessThanOrEqual(2);
  }, 30_000);

  it('logs a watched folder by its place, never its path', async () => {
    const records: LogRecord[] = [];
    const logger = createLogger({
      sink: (record) => records.push(record),
      redactor: new Redactor(),
    });
    const { folder, reports } = await start({ logger });
    await until(() => reports.some((report) => report.kind === 'state'), 5000, 'watching');
    await rm(folder, { recursive: true });
    await until(
      () => records.some((record) => record.message.includes('missing')),
      10_000,
      'the folder said missing',
    );
    await mkdir(folder);
    await until(
      () => records.some((record) => record.message.includes('is back')),
      10_000,
      'the folder said back',
    );
    for (const record of records) expect(JSON.stringify(record)).not.toContain(folder);
    expect(records.find((record) => record.message.includes('missing'))?.fields).toEqual({
      folder: 0,
    });
  }, 30_000);

  for (const fileEvents of [true, false])
    it.skipIf(needsSymlinks.skip)(
      needsSymlinks.title(
        `never queues a file outside the folder through a link in it (file events ${fileEvents ? 'on' : 'off'})`,
      ),
      async () => {
        const outside = await mkdtemp(join(tmpdir(), 'watch-outside-'));
        await copyFile(JPEG, join(outside, 'outside.jpg'));
        await mkdir(join(outside, 'inner'));
        await copyFile(JPEG, join(outside, 'inner', 'deep.jpg'));
        const { folder, reports } = await start({ fileEvents, rescanMs: 300 });
        await until(() => reports.some((report) => report.kind === 'state'), 5000, 'watching');
        await symlink(join(outside, 'outside.jpg'), join(folder, 'link.jpg'));
        await symlink(join(outside, 'inner'), join(folder, 'linked-folder'));
        const real = join(folder, 'real.jpg');
        await copyFile(JPEG, real);
        await until(() => queuedPaths(reports).includes(real), 10_000, 'real.jpg queued');
        await pause(1500); // events, and several full listings
        expect(reports.filter((report) => report.kind !== 'state')).toEqual([
          { kind: 'queued', path: real, projectId: 'p1' },
        ]);
      },
      30_000,
    );

  it.skipIf(needsSymlinks.skip)(
    needsSymlinks.title(
      'never takes in a file whose folder was swapped for a link to elsewhere while it settled; says why',
    ),
    async () => {
      const outside = await mkdtemp(join(tmpdir(), 'watch-pictures-'));
      await copyFile(join(JPEG, '../Nikon_D70.jpg'), join(outside, 'photo.jpg'));
      const fake = fakeCore();
      // Found by the first listing, then waiting out a settle time long enough for the swap.
      const { folder, reports } = await start({
        core: fake.core,
        fileEvents: false,
        rescanMs: 600_000,
        settleMs: 1500,
        before: async (folder) => {
          await mkdir(join(folder, 'sub'));
          await copyFile(JPEG, join(folder, 'sub', 'photo.jpg'));
        },
      });
      await rename(join(folder, 'sub'), join(folder, 'old-sub'));
      await symlink(outside, join(folder, 'sub'));
      const swapped = join(folder, 'sub', 'photo.jpg');
      await until(
        () => reports.some((report) => report.kind === 'skipped' && report.path === swapped),
        10_000,
        'the swapped path skipped',
      );
      expect(reports).toContainEqual({
        kind: 'skipped',
        path: swapped,
        reason: OUTSIDE_WATCHED_REASON,
      });
      expect(fake.takenIn).toEqual([]);
      expect(queuedPaths(reports)).toEqual([]);
    },
    20_000,
  );

  it.skipIf(needsFifo.skip)(
    needsFifo.title('says why a FIFO in the folder is skipped, and still takes the next photo'),
    async () => {
      const { folder, reports } = await start({ rescanMs: 300 });
      await until(() => reports.some((report) => report.kind === 'state'), 5000, 'watching');
      const fifo = join(folder, 'pipe.jpg');
      execFileSync('mkfifo', [fifo]);
      const next = join(folder, 'next.jpg');
      await copyFile(JPEG, next);
      await until(() => queuedPaths(reports).includes(next), 10_000, 'next.jpg queued');
      await until(
        () => reports.some((report) => report.kind === 'skipped' && report.path === fifo),
        10_000,
        'pipe.jpg skipped',
      );
      expect(reports.filter((report) => report.kind === 'skipped')).toEqual([
        {
          kind: 'skipped',
          path: fifo,
          reason: words('reason.intake.notRegularFile'),
        },
      ]);
    },
    20_000,
  );

  it('lets the core forget each round of intake results once it is queued or skipped', async () => {
    const fake = fakeCore();
    const { folder, reports } = await start({ core: fake.core });
    const photo = join(folder, 'kept.jpg');
    await copyFile(JPEG, photo);
    await writeFile(join(folder, 'notes.jpg'), 'not a photo at all');
    await until(() => queuedPaths(reports).includes(photo), 10_000, 'kept.jpg queued');
    await until(() => fake.held() === 0, 5000, 'the round released');
    expect(fake.held()).toBe(0);
  }, 20_000);
});
