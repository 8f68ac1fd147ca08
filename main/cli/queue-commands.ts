import {
  type IntakeItemView,
  type QueueItemState,
  type QueueItemView,
  type QueueProgressView,
  queueItemStates,
} from '../../shared/ipc/views';
import { clockEvidence, suggestionLines } from './camera-clock-lines';
import { computerZone } from '../../shared/domain/zone';
import { sanitizeDescription } from '../../shared/description/description-policy';
import { chunksOf } from '../../shared/ipc/chunks';
import { isKnownZone } from '../media/capture-time';
import { progressLine } from '../queue/queue-progress';
import { type CliContext, type CommandOutput, CommandFailed, UsageError } from './cli-context';
import { printable } from '../../shared/domain/printable-text';
import { withoutServiceCopiesByProject } from './list-commands';
import { subfolderProjectsByName } from '../folders/batch-folders';
import { signInWords } from './session-words';
import { descriptionFromFlag } from './description-flag';
import type { Coordinates } from '../../shared/domain/intake';
import { farMetersFlag, warnFarPhotos } from './far-photos';

type Counts = Readonly<Record<QueueItemState, number>>;

function summary(counts: Counts): string {
  const waiting = counts.queued + counts.staged + counts.creating + counts.created;
  return `${counts.done} done, ${waiting} waiting, ${counts['needs-attention']} need attention, ${counts.cancelled} cancelled`;
}

function countStates(items: readonly QueueItemView[]): Counts {
  const counts = Object.fromEntries(queueItemStates.map((state) => [state, 0])) as Record<
    QueueItemState,
    number
  >;
  for (const item of items) counts[item.state] += 1;
  return counts;
}

/** Where an item is, for one line of output. */
function itemName(item: QueueItemView): string {
  return printable(item.path ?? item.photoId ?? String(item.id));
}

/**
 * `sync`: runs the queue until every item is done or waiting on the user, here or in the process
 * that owns the data folder. Exit 0 only when all are done (or cancelled).
 */
export async function sync(context: CliContext, out: CommandOutput): Promise<number> {
  const session = await context.call('session:get', {});
  if (session.state !== 'signed-in') {
    out.stderr.write(
      `sync: ${signInWords(session.state, 'sync')} Queued uploads and edits are kept.\n`,
    );
    return 1;
  }
  let progress: QueueProgressView | undefined;
  let offline = false;
  const reported = new Set<number>();
  const report = (item: QueueItemView) => {
    if (item.state !== 'needs-attention' || reported.has(item.id)) return;
    reported.add(item.id);
    out.stderr.write(`Needs attention: ${itemName(item)}: ${printable(item.reason ?? '')}\n`);
  };
  let hoursWait: string | undefined;
  const stopEvents = context.client.on('queue:changed', (change) => {
    progress = change.progress;
    if (change.condition === 'offline' && !offline)
      out.stderr.write(
        'Offline: uploads wait and resume by themselves when the service answers.\n',
      );
    offline = change.condition === 'offline';
    if (change.hoursWait !== undefined && change.hoursWait !== hoursWait)
      out.stderr.write(`sync: ${change.hoursWait}. Stop with Ctrl+C; nothing is lost.\n`);
    hoursWait = change.hoursWait;
    for (const item of change.items) report(item);
  });
  const ticker = setInterval(() => {
    if (progress !== undefined)
      out.stderr.write(
        `${progressLine(progress)}${offline ? ' (offline: waiting for the service)' : ''}\n`,
      );
  }, 5000);
  let interrupted = false;
  const interrupt = () => {
    interrupted = true;
    // Closing journals the steps in flight (owner) or leaves the owner to go on (attached).
    void context.close({ now: true }).then(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    const ended = await context.call('queue:sync', {});
    // Changes are sent in batches: the last ones may come after the sync ended; say them all.
    if (ended.counts['needs-attention'] > reported.size)
      for (const item of (await context.call('queue:snapshot', {})).items) report(item);
    const { rateLimited, serverErrors, networkErrors } = ended.waitedFor;
    out.stdout.write(`${summary(ended.counts)}\n`);
    out.stdout.write(
      `Waited for: ${rateLimited} rate-limit answers (429), ${serverErrors} server errors (5xx), ${networkErrors} network failures.\n`,
    );
    switch (ended.ended) {
      case 'needs-sign-in':
        out.stderr.write(
          'sync: the session has ended; sign in again (`npm run cli -- login`), then sync. Nothing was lost.\n',
        );
        return 1;
      case 'not-ready':
        out.stderr.write(`sync: ${ended.reason ?? 'the queue cannot run yet'}\n`);
        return 1;
      case 'stopped':
        out.stderr.write(
          'sync: the process that runs the queue is quitting; run sync again later. Nothing was lost.\n',
        );
        return interrupted ? 130 : 1;
      case 'idle': {
        const { counts } = ended;
        const unfinished =
          counts.queued +
          counts.staged +
          counts.creating +
          counts.created +
          counts['needs-attention'];
        return unfinished === 0 ? 0 : 1;
      }
    }
  } finally {
    clearInterval(ticker);
    stopEvents();
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}

/** Takes `paths` in through the core's intake and returns its results, in order. */
async function intake(
  context: CliContext,
  paths: readonly string[],
  assumedZone: string,
): Promise<IntakeItemView[]> {
  const items: IntakeItemView[] = [];
  const seen: { runId: number; items: readonly IntakeItemView[]; done: boolean }[] = [];
  let finished: (() => void) | undefined;
  let runId: number | undefined;
  const stop = context.client.on('intake:batch', (batch) => {
    seen.push({ runId: batch.runId, items: batch.items, done: batch.progress.done });
    if (batch.runId === runId && batch.progress.done) finished?.();
  });
  try {
    const done = new Promise<void>((resolve) => (finished = resolve));
    // Many paths (a shell glob) go in chunks that the core joins into this one run.
    const chunks = chunksOf(paths);
    for (const [index, chunk] of chunks.entries())
      runId = (
        await context.call('intake:add-paths', {
          paths: chunk,
          assumedZone,
          runId,
          more: index < chunks.length - 1,
        })
      ).runId;
    if (!seen.some((batch) => batch.runId === runId && batch.done)) await context.waitFor(done);
    for (const batch of seen) if (batch.runId === runId) items.push(...batch.items);
    return items;
  } finally {
    stop();
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
    /** Upload photos the project already has (otherwise they are skipped, said per photo). */
    allowDuplicates?: boolean;
    /** `--tag T`, repeated: tags for every photo. */
    tags?: readonly string[];
    /** `--tags-from-folders`: the folders between the given folder and each file become tags. */
    tagsFromFolders?: boolean;
    /** `--project-per-subfolder`: each subfolder to the project named like it. */
    projectPerSubfolder?: boolean;
    /** `--skip-far`: photos far from their project are left out, each with its reason. */
    skipFar?: boolean;
    /** `--far-meters N`: the far threshold for this run (else the setting). */
    farMeters?: string | undefined;
  },
  out: CommandOutput,
): Promise<number> {
  if (options.paths.length === 0) throw new UsageError('upload needs at least one file or folder');
  if (!options.projectId && options.projectPerSubfolder !== true)
    throw new UsageError('upload needs --project ID (or --project-per-subfolder)');
  const zone = options.zone ?? computerZone();
  if (!isKnownZone(zone)) throw new UsageError(`--zone must be an IANA time zone, not "${zone}"`);
  const description = descriptionFromFlag(options.description, out);
  farMetersFlag(options.farMeters);
  const found: {
    intakeId: number;
    path: string;
    subfolder: string | undefined;
    coordinates: Coordinates | null;
  }[] = [];
  const subfolders = new Set<string>();
  const taken = await intake(context, options.paths, zone);
  // Saved camera offsets were applied by the core's intake; GPS time may suggest new ones.
  for (const line of suggestionLines(taken.flatMap((item) => clockEvidence(item) ?? [])))
    out.stderr.write(`${line}\n`);
  for (const item of taken) {
    const subfolder = item.folders[0];
    if (item.status === 'photo' && subfolder !== undefined) subfolders.add(subfolder);
    if (item.status !== 'photo')
      out.stderr.write(`${item.status}: ${printable(item.path)}: ${printable(item.reason)}\n`);
    else if (item.duplicateOf?.kind === 'in-this-batch')
      out.stderr.write(
        `skipped: ${printable(item.path)}: the same photo as ${printable(item.duplicateOf.path)}\n`,
      );
    else
      found.push({
        intakeId: item.intakeId,
        path: item.path,
        subfolder,
        coordinates: item.coordinates,
      });
  }
  const allowDuplicates = options.allowDuplicates ?? false;
  const perSubfolder = options.projectPerSubfolder === true;
  // Every project, so that a subfolder is only "unmatched" after all were compared.
  const subfolderProjects =
    perSubfolder && found.length > 0
      ? subfolderProjectsByName(
          subfolders,
          (await context.call('projects:list-all', { query: '' })).projects,
        )
      : undefined;
  const projectOf = (photo: (typeof found)[number]): string | undefined => {
    if (!perSubfolder || photo.subfolder === undefined) return options.projectId;
    const choice = subfolderProjects?.find((entry) => entry.subfolder === photo.subfolder);
    return choice !== undefined && 'projectId' in choice ? choice.projectId : undefined;
  };
  // Photos a project already has are skipped here, said per photo, each against the project it
  // goes to; a photo of an unmatched subfolder is left to the queue, which says why it skips it.
  const photos = await withoutServiceCopiesByProject(
    context,
    found.map((photo) => ({ ...photo, projectId: projectOf(photo) })),
    allowDuplicates,
    out,
  );
  const leftOut = await warnFarPhotos(
    context,
    found.filter((photo) => photos.includes(photo.intakeId)),
    projectOf,
    options,
    out,
  );
  const { added, alreadyQueued, skipped } =
    photos.length === 0
      ? { added: 0, alreadyQueued: 0, skipped: [] }
      : await context.call('queue:add-photos', {
          intakeIds: photos,
          ...(options.projectId ? { projectId: options.projectId } : {}),
          description,
          internal: options.internal,
          allowDuplicates,
          tags: [...(options.tags ?? [])],
          tagsFromFolders: options.tagsFromFolders ?? false,
          ...(subfolderProjects === undefined ? {} : { subfolderProjects }),
          ...(leftOut.length > 0 ? { leftOut } : {}),
        });
  for (const photo of skipped)
    out.stderr.write(`skipped: ${printable(photo.path)}: ${printable(photo.reason)}\n`);
  out.stdout.write(
    `Queued ${added} photos${alreadyQueued > 0 ? ` (${alreadyQueued} were already queued)` : ''}.\n`,
  );
  if (options.queueOnly) return 0;
  return sync(context, out);
}

/**
 * `describe PHOTO_ID… --description HTML [--base HTML]`: queues the same description edit of
 * each photo, then syncs.
 */
export async function describe(
  context: CliContext,
  options: {
    photoIds: readonly string[];
    description: string | undefined;
    base: string | undefined;
    queueOnly: boolean;
  },
  out: CommandOutput,
): Promise<number> {
  if (options.photoIds.length === 0) throw new UsageError('describe needs at least one photo id');
  if (options.description === undefined) throw new UsageError('describe needs --description HTML');
  const description = descriptionFromFlag(options.description, out);
  const givenBase = options.base === undefined ? undefined : sanitizeDescription(options.base);
  let signInNeeded = false;
  for (const photoId of new Set(options.photoIds)) {
    let base = givenBase;
    if (base === undefined) {
      // What the service has now is what the user started from; offline, no conflict check is possible.
      try {
        base = (await context.call('photos:get', { photoId })).description;
      } catch (error) {
        if (!(error instanceof CommandFailed)) throw error;
        const session = await context.call('session:get', {});
        // The service answered: a lost sign-in is said as such, with how to sign in again.
        out.stderr.write(
          session.state === 'signed-in'
            ? `Note: photo ${printable(photoId)}: ${error.message} The edit is queued and will be sent when the Photo Service can take it.\n`
            : `describe: ${signInWords(session.state, 'run sync')} The edit is queued and kept until then.\n`,
        );
        signInNeeded ||= session.state !== 'signed-in';
      }
    }
    const { itemId } = await context.call('photos:edit-description', {
      photoId,
      description,
      baseDescription: base ?? null,
    });
    out.stdout.write(
      `Queued the description edit of photo ${printable(photoId)} (queue item ${itemId}).\n`,
    );
  }
  if (signInNeeded) return 1;
  if (options.queueOnly) return 0;
  return sync(context, out);
}

/** `queue [--json]`: what is queued and in which state. */
export async function showQueue(
  context: CliContext,
  options: { json: boolean },
  out: CommandOutput,
): Promise<number> {
  const { items, pausedAll } = await context.call('queue:snapshot', {});
  const counts = countStates(items);
  if (options.json) {
    out.stdout.write(
      `${JSON.stringify({
        paused_all: pausedAll,
        counts,
        items: items.map((item) => ({
          id: item.id,
          kind: item.kind,
          state: item.state,
          paused: item.paused,
          reason: item.reason ?? null,
          path: item.path ?? null,
          project_id: item.projectId ?? null,
          photo_id: item.photoId ?? null,
          md5: item.md5 ?? null,
          already_on_service: item.alreadyOnService === true,
        })),
      })}\n`,
    );
    return 0;
  }
  for (const item of items)
    out.stdout.write(
      `${String(item.id).padStart(5)} ${item.state.padEnd(15)}${item.paused ? ' (paused)' : ''} ${itemName(item)}${item.reason ? `: ${printable(item.reason)}` : ''}\n`,
    );
  out.stdout.write(`${summary(counts)}\n`);
  if (pausedAll)
    out.stdout.write('All uploads are paused, also photos added now; `resume` lifts it.\n');
  return 0;
}

function itemId(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new UsageError(`"${raw}" is not a queue item id`);
  return Number(raw);
}

/** `retry [ID|--all]`, `pause [ID]`, `resume [ID]`, `cancel ID`. */
export async function changeQueue(
  context: CliContext,
  action: 'retry' | 'pause' | 'resume' | 'cancel',
  target: { id: string | undefined; all: boolean },
  out: CommandOutput,
): Promise<number> {
  const id = itemId(target.id);
  if (action === 'retry' && id === undefined && !target.all)
    throw new UsageError('retry needs an item id or --all');
  const which = id === undefined ? {} : { itemId: id };
  let changed: number;
  switch (action) {
    case 'retry':
      changed = (await context.call('queue:retry', which)).changed;
      break;
    case 'pause':
      changed = (await context.call('queue:pause', which)).changed;
      break;
    case 'resume':
      changed = (await context.call('queue:resume', which)).changed;
      break;
    case 'cancel':
      if (id === undefined) throw new UsageError('cancel needs an item id');
      changed = (await context.call('queue:cancel', { itemId: id })).cancelled ? 1 : 0;
      break;
  }
  out.stdout.write(`${action}: ${changed} item${changed === 1 ? '' : 's'}.\n`);
  return 0;
}

/** `report --format json|csv`: every item's file, project, outcome, photo id and reason. */
export async function report(
  context: CliContext,
  options: { format: string | undefined },
  out: CommandOutput,
): Promise<number> {
  const format = options.format ?? 'json';
  if (format !== 'json' && format !== 'csv') throw new UsageError('--format is json or csv');
  out.stdout.write((await context.call('queue:export-report', { format })).content);
  return 0;
}
