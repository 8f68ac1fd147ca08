import type { AfterUpload } from '../../shared/domain/after-upload';
import type { Preset } from '../../shared/domain/presets';
import type { IntakeItemView } from '../../shared/ipc/views';
import type { Coordinates } from '../../shared/domain/intake';
import { englishFor } from '../../shared/i18n/words';
import { computerZone } from '../../shared/domain/zone';
import { chunksOf } from '../../shared/ipc/chunks';
import { printable } from '../../shared/domain/printable-text';
import { isKnownZone } from '../media/capture-time';
import { subfolderProjectsByName } from '../folders/batch-folders';
import { clockEvidence, suggestionLines } from './camera-clock-lines';
import { type CliContext, type CommandOutput, UsageError } from './cli-context';
import { descriptionFromFlag, descriptionTemplateFromFlag } from './description-flag';
import { farMetersFlag, warnFarPhotos } from './far-photos';
import { withoutServiceCopiesByProject } from './list-commands';
import { tally, uploadLine } from './command-counts';
import { projectAllowed } from './project-flag';
import { sync } from './sync-command';
import { type DryRunEntry, notTakenEntry, printDryRun } from './dry-run-lines';

/** Takes `paths` in through the core's intake and returns its results, in order. */
async function intake(
  context: CliContext,
  paths: readonly string[],
  assumedZone: string,
  ignore: readonly string[],
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
          ...(ignore.length > 0 ? { ignore: [...ignore] } : {}),
        })
      ).runId;
    if (!seen.some((batch) => batch.runId === runId && batch.done)) await context.waitFor(done);
    for (const batch of seen) if (batch.runId === runId) items.push(...batch.items);
    return items;
  } finally {
    stop();
  }
}

/**
 * `upload <paths…> --project ID`: intake, queue, then (unless `--queue-only`) sync. With
 * `--dry-run`, everything up to the queue, then what would be sent per photo, or why not.
 */
export async function upload(
  context: CliContext,
  options: {
    paths: readonly string[];
    projectId: string | undefined;
    description: string | undefined;
    /** `--description-template TEXT`: each photo's description rendered from its tokens. */
    descriptionTemplate?: string | undefined;
    /**
     * `--preset NAME`, found in the settings: the core fills in what the flags leave out (the
     * caller already took its project when `--project` was not given).
     */
    preset?: Preset | undefined;
    /** `--internal`; left out: the preset's choice, else not internal. */
    internal?: boolean | undefined;
    zone: string | undefined;
    queueOnly: boolean;
    /** Upload photos the project already has (otherwise they are skipped, said per photo). */
    allowDuplicates?: boolean;
    /** `--tag T`, repeated: tags for every photo (left out: the preset's, else none). */
    tags?: readonly string[] | undefined;
    /** `--tags-from-folders`: the folders between the given folder and each file become tags. */
    tagsFromFolders?: boolean;
    /** `--project-per-subfolder`: each subfolder to the project named like it. */
    projectPerSubfolder?: boolean;
    /** `--skip-far`: photos far from their project are left out, each with its reason. */
    skipFar?: boolean;
    /** `--far-meters N`: the far threshold for this run (else the setting). */
    farMeters?: string | undefined;
    /** `--include-archived`: archived projects may be used (given, or named like a subfolder). */
    includeArchived?: boolean;
    /** `--dry-run`: the core plans the photos as it would queue them; nothing is queued or sent. */
    dryRun?: boolean;
    /** `--json` (with `--dry-run`): one JSON object per file. */
    json?: boolean;
    /** `--ignore GLOB`, repeated: patterns of paths left out (each already accepted). */
    ignore?: readonly string[];
    /** `--after-upload`, checked (see `afterUploadFromFlag`): what becomes of each file. */
    afterUpload?: AfterUpload | undefined;
  },
  out: CommandOutput,
): Promise<number> {
  if (options.paths.length === 0) throw new UsageError('upload needs at least one file or folder');
  if (!options.projectId && options.projectPerSubfolder !== true)
    throw new UsageError(
      options.preset === undefined
        ? 'upload needs --project ID (or --project-per-subfolder)'
        : `upload needs --project ID (or --project-per-subfolder): the preset "${printable(options.preset.name)}" names no project`,
    );
  const zone = options.zone ?? computerZone();
  if (!isKnownZone(zone)) throw new UsageError(`--zone must be an IANA time zone, not "${zone}"`);
  const description = descriptionFromFlag(options.description, out);
  const descriptionTemplate = descriptionTemplateFromFlag(
    options.descriptionTemplate,
    options.description,
    out,
  );
  farMetersFlag(options.farMeters);
  const includeArchived = options.includeArchived ?? false;
  // Checked once, before a file is read: a wrong id would fail every photo later, one by one.
  if (
    options.projectId &&
    !(await projectAllowed(context, 'upload', options.projectId, includeArchived, out))
  )
    return 1;
  const found: {
    intakeId: number;
    path: string;
    subfolder: string | undefined;
    coordinates: Coordinates | null;
  }[] = [];
  const subfolders = new Set<string>();
  const dryRun = options.dryRun === true;
  // The files intake did not take, said by the dry run in its own lines instead of here.
  const notTaken: DryRunEntry[] = [];
  const taken = await intake(context, options.paths, zone, options.ignore ?? []);
  // Saved camera offsets were applied by the core's intake; GPS time may suggest new ones.
  for (const line of suggestionLines(taken.flatMap((item) => clockEvidence(item) ?? [])))
    out.stderr.write(`${line}\n`);
  for (const item of taken) {
    const subfolder = item.folders[0];
    if (item.status === 'photo' && subfolder !== undefined) subfolders.add(subfolder);
    const notTakenHere = dryRun ? notTakenEntry(item) : undefined;
    if (notTakenHere !== undefined) notTaken.push(notTakenHere);
    else if (item.status !== 'photo')
      out.stderr.write(
        `${item.status}: ${printable(item.path)}: ${printable(englishFor(item.reason))}\n`,
      );
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
          { includeArchived },
        )
      : undefined;
  const projectOf = (photo: (typeof found)[number]): string | undefined => {
    if (!perSubfolder || photo.subfolder === undefined) return options.projectId;
    const choice = subfolderProjects?.find((entry) => entry.subfolder === photo.subfolder);
    return choice !== undefined && 'projectId' in choice ? choice.projectId : undefined;
  };
  // Photos a project already has are skipped here, said per photo, each against the project it
  // goes to; a photo of an unmatched subfolder is left to the queue, which says why it skips it.
  const { kept: photos, onService } = await withoutServiceCopiesByProject(
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
  // Photos found on the service go along, not to be queued but to be listed in the report.
  const batch = {
    intakeIds: [...photos, ...onService.map((copy) => copy.intakeId)],
    ...(options.projectId ? { projectId: options.projectId } : {}),
    description,
    ...(descriptionTemplate === undefined ? {} : { descriptionTemplate }),
    ...(options.preset === undefined ? {} : { preset: options.preset.name }),
    ...(options.internal === undefined ? {} : { internal: options.internal }),
    allowDuplicates,
    ...(options.tags === undefined || options.tags.length === 0 ? {} : { tags: [...options.tags] }),
    tagsFromFolders: options.tagsFromFolders ?? false,
    ...(subfolderProjects === undefined ? {} : { subfolderProjects }),
    ...(leftOut.length > 0 ? { leftOut } : {}),
    ...(onService.length > 0 ? { onService } : {}),
    ...(options.afterUpload === undefined ? {} : { afterUpload: options.afterUpload }),
  };
  if (dryRun) {
    // The same input as `queue:add-photos`, planned by the same code in the core, not queued.
    const planned =
      batch.intakeIds.length === 0 ? [] : (await context.call('queue:plan-photos', batch)).photos;
    printDryRun([...notTaken, ...planned], options.json === true, out);
    return 0;
  }
  const { added, alreadyQueued, skipped, itemIds } =
    batch.intakeIds.length === 0
      ? { added: 0, alreadyQueued: 0, skipped: [], itemIds: [] }
      : await context.call('queue:add-photos', batch);
  for (const photo of skipped)
    out.stderr.write(`skipped: ${printable(photo.path)}: ${printable(englishFor(photo.reason))}\n`);
  const none = tally([], () => false, false);
  if (options.queueOnly) {
    out.stdout.write(`${uploadLine(added, alreadyQueued, none)}\n`);
    return 0;
  }
  // What this command says it did is what became of its own photos, not the queue's history.
  return sync(context, out, {
    itemIds: new Set(itemIds ?? []),
    line: (counts) => uploadLine(added, alreadyQueued, counts),
  });
}
