import type { IntakePhoto } from '../../shared/domain/intake';
import { computerZone } from '../../shared/domain/zone';
import {
  MAX_DESCRIPTION_LENGTH,
  sanitizeDescription,
} from '../../shared/description/description-policy';
import { isKnownZone } from '../media/capture-time';
import { Intake } from '../media/intake';
import { MediaWorkers } from '../media/media-workers';
import { newPhotoItem, type QueueStore } from '../queue/queue-store';
import { reportRows, toCsv } from '../queue/queue-report';
import type { CommandOutput } from './auth-commands';
import { type CliContext, UsageError } from './cli-context';
import { openQueue, openUploadKit } from './upload-context';
import { PaceTracker, progressLine, queueProgress } from '../queue/queue-progress';

/** The description as it will be sent: the service's allowed HTML only. */
function cleanDescription(raw: string | undefined, out: CommandOutput): string {
  const clean = sanitizeDescription(raw ?? '');
  if (clean.length > MAX_DESCRIPTION_LENGTH)
    throw new UsageError(`The description is longer than ${MAX_DESCRIPTION_LENGTH} characters`);
  if (raw !== undefined && clean !== raw)
    out.stderr.write('Note: the description was reduced to the HTML the Photo Service allows.\n');
  return clean;
}

function summary(store: QueueStore): string {
  const counts = store.counts();
  const waiting = counts.queued + counts.staged + counts.creating + counts.created;
  return `${counts.done} done, ${waiting} waiting, ${counts['needs-attention']} need attention, ${counts.cancelled} cancelled`;
}

/**
 * `sync`: runs the queue until every item is done or waiting on the user. Exit 0 only when all
 * are done (or cancelled).
 */
export async function sync(
  context: CliContext,
  out: CommandOutput,
  store: QueueStore = openQueue(context),
): Promise<number> {
  const kit = await openUploadKit(context, store);
  const abort = new AbortController();
  const stop = () => abort.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const pace = new PaceTracker();
  kit.engine.onEvent((event) => {
    if (event.type === 'item' && event.item.state === 'done') pace.finished(Date.now());
  });
  const ticker = setInterval(() => {
    const offline = kit.engine.condition === 'offline' ? ' (offline: waiting for the service)' : '';
    out.stderr.write(
      `${progressLine(queueProgress(store.photoGroups(), pace, Date.now()))}${offline}\n`,
    );
  }, 5000);
  try {
    if (kit.session.snapshot().state !== 'signed-in') {
      out.stderr.write(
        'sync: not signed in; run `npm run cli -- login` first. Queued uploads are kept.\n',
      );
      return 1;
    }
    kit.engine.onEvent((event) => {
      if (event.type === 'condition' && event.condition === 'offline')
        out.stderr.write(
          'Offline: uploads wait and resume by themselves when the service answers.\n',
        );
      if (event.type === 'item' && event.item.state === 'needs-attention')
        out.stderr.write(
          `Needs attention: ${event.item.path ?? event.item.photo_id ?? event.item.id}: ${event.item.reason ?? ''}\n`,
        );
    });
    const ended = await kit.engine.runUntilIdle(abort.signal);
    const counts = store.counts();
    const { rateLimited, serverErrors, networkErrors } = kit.engine.stats;
    out.stdout.write(`${summary(store)}\n`);
    out.stdout.write(
      `Waited for: ${rateLimited} rate-limit answers (429), ${serverErrors} server errors (5xx), ${networkErrors} network failures.\n`,
    );
    if (ended === 'needs-sign-in') {
      out.stderr.write(
        'sync: the session has ended; sign in again (`npm run cli -- login`), then sync. Nothing was lost.\n',
      );
      return 1;
    }
    if (abort.signal.aborted) return 130;
    const unfinished =
      counts.queued + counts.staged + counts.creating + counts.created + counts['needs-attention'];
    return unfinished === 0 ? 0 : 1;
  } finally {
    clearInterval(ticker);
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    await kit.close();
    store.close();
  }
}

/** `upload <paths…> --project ID`: intake, queue, then (unless `--queue-only`) sync. */
export async function upload(
  context: CliContext,
  options: {
    paths: readonly string[];
    projectId: string | undefined;
    description: string | undefined;
    internal: boolean;
    zone: string | undefined;
    queueOnly: boolean;
  },
  out: CommandOutput,
): Promise<number> {
  if (options.paths.length === 0) throw new UsageError('upload needs at least one file or folder');
  if (!options.projectId) throw new UsageError('upload needs --project ID');
  const zone = options.zone ?? computerZone();
  if (!isKnownZone(zone)) throw new UsageError(`--zone must be an IANA time zone, not "${zone}"`);
  const description = cleanDescription(options.description, out);
  const store = openQueue(context);
  const workers = new MediaWorkers({ logger: context.logger.child('media') });
  const photos: IntakePhoto[] = [];
  try {
    await new Intake(
      workers,
      { uploaded: (md5s) => Promise.resolve(store.uploadedPhotoIds(md5s)) },
      context.logger.child('intake'),
    ).run(options.paths, { assumedZone: zone }, (batch) => {
      for (const item of batch.items) {
        if (item.status !== 'photo')
          out.stderr.write(`${item.status}: ${item.path}: ${item.reason}\n`);
        else if (item.duplicateOf?.kind === 'in-this-batch')
          out.stderr.write(`skipped: ${item.path}: the same photo as ${item.duplicateOf.path}\n`);
        else photos.push(item);
      }
    });
  } finally {
    await workers.close();
  }
  const { added, alreadyQueued } = store.addPhotos(
    photos.map((photo) =>
      newPhotoItem(photo, {
        projectId: options.projectId ?? '',
        description,
        internal: options.internal,
      }),
    ),
  );
  out.stdout.write(
    `Queued ${added.length} photos${alreadyQueued.length > 0 ? ` (${alreadyQueued.length} were already queued)` : ''}.\n`,
  );
  if (options.queueOnly) {
    store.close();
    return 0;
  }
  return sync(context, out, store);
}

/** `describe PHOTO_ID --description HTML [--base HTML]`: queues a description edit, then syncs. */
export async function describe(
  context: CliContext,
  options: {
    photoId: string | undefined;
    description: string | undefined;
    base: string | undefined;
    queueOnly: boolean;
  },
  out: CommandOutput,
): Promise<number> {
  if (!options.photoId) throw new UsageError('describe needs a photo id');
  if (options.description === undefined) throw new UsageError('describe needs --description HTML');
  const description = cleanDescription(options.description, out);
  const store = openQueue(context);
  let base = options.base === undefined ? undefined : sanitizeDescription(options.base);
  if (base === undefined) {
    // What the service has now is what the user started from; offline, no conflict check is possible.
    const kit = await openUploadKit(context, store);
    try {
      base = (await kit.api.getPhoto(options.photoId, AbortSignal.timeout(10_000))).description;
    } catch {
      out.stderr.write(
        'Note: the Photo Service cannot be reached; the edit is queued and will be sent when it can.\n',
      );
    } finally {
      await kit.close();
    }
  }
  const id = store.addDescriptionEdit(options.photoId, description, base ?? null);
  out.stdout.write(`Queued the description edit (queue item ${id}).\n`);
  if (options.queueOnly) {
    store.close();
    return 0;
  }
  return sync(context, out, store);
}

/** `queue [--json]`: what is queued and in which state. */
export function showQueue(
  context: CliContext,
  options: { json: boolean },
  out: CommandOutput,
): number {
  const store = openQueue(context);
  try {
    const items = store.all();
    if (options.json) {
      out.stdout.write(
        `${JSON.stringify({
          counts: store.counts(),
          items: items.map((item) => ({
            id: item.id,
            kind: item.kind,
            state: item.state,
            paused: item.paused,
            reason: item.reason,
            path: item.path,
            project_id: item.project_id,
            photo_id: item.photo_id,
            md5: item.md5,
          })),
        })}\n`,
      );
    } else {
      for (const item of items)
        out.stdout.write(
          `${String(item.id).padStart(5)} ${item.state.padEnd(15)}${item.paused ? ' (paused)' : ''} ${item.path ?? item.photo_id ?? ''}${item.reason ? `: ${item.reason}` : ''}\n`,
        );
      out.stdout.write(`${summary(store)}\n`);
    }
    return 0;
  } finally {
    store.close();
  }
}

function itemId(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new UsageError(`"${raw}" is not a queue item id`);
  return Number(raw);
}

/** `retry [ID|--all]`, `pause [ID]`, `resume [ID]`, `cancel ID`. */
export function changeQueue(
  context: CliContext,
  action: 'retry' | 'pause' | 'resume' | 'cancel',
  target: { id: string | undefined; all: boolean },
  out: CommandOutput,
): number {
  const store = openQueue(context);
  try {
    const id = itemId(target.id);
    if (action === 'retry' && id === undefined && !target.all)
      throw new UsageError('retry needs an item id or --all');
    if (action === 'cancel' && id === undefined) throw new UsageError('cancel needs an item id');
    const changed =
      action === 'retry'
        ? store.retry(id)
        : action === 'pause'
          ? store.setPaused(true, id)
          : action === 'resume'
            ? store.setPaused(false, id)
            : store.cancel(id ?? 0)
              ? 1
              : 0;
    out.stdout.write(`${action}: ${changed} item${changed === 1 ? '' : 's'}.\n`);
    return 0;
  } finally {
    store.close();
  }
}

/** `report --format json|csv`: every item's file, project, outcome, photo id and reason. */
export function report(
  context: CliContext,
  options: { format: string | undefined },
  out: CommandOutput,
): number {
  const format = options.format ?? 'json';
  if (format !== 'json' && format !== 'csv') throw new UsageError('--format is json or csv');
  const store = openQueue(context);
  try {
    const rows = reportRows(store.all());
    out.stdout.write(format === 'csv' ? toCsv(rows) : `${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  } finally {
    store.close();
  }
}
