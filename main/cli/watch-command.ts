import type { AfterUpload } from '../../shared/domain/after-upload';
import type { Preset } from '../../shared/domain/presets';
import { resolve } from 'node:path';
import { printable } from '../../shared/domain/printable-text';
import { computerZone } from '../../shared/domain/zone';
import { normalizeTags } from '../../shared/domain/tags';
import {
  MAX_WATCH_SETTLE_SECONDS,
  MIN_WATCH_SETTLE_SECONDS,
  watchRuleSchema,
  type WatchRule,
} from '../../shared/domain/watch-rule';
import type { WatchSessionReport } from '../../shared/ipc/contract';
import { isKnownZone } from '../media/capture-time';
import { type CliContext, type CommandOutput, UsageError } from './cli-context';
import { englishFor } from '../../shared/i18n/words';
import { descriptionFromFlag, descriptionTemplateFromFlag } from './description-flag';
import { projectAllowed } from './project-flag';

/** The flags of `watch`. */
export type WatchCommandOptions = {
  readonly folders: readonly string[];
  readonly projectId: string | undefined;
  readonly projectPerSubfolder: boolean;
  readonly settleSeconds: string | undefined;
  readonly tags: readonly string[];
  readonly tagsFromFolders: boolean;
  readonly description: string | undefined;
  /** `--description-template TEXT`: each photo's description rendered from its tokens. */
  readonly descriptionTemplate?: string | undefined;
  readonly internal: boolean;
  readonly zone: string | undefined;
  /** `--include-archived`: an archived project (given, or named like a subfolder) is used. */
  readonly includeArchived?: boolean;
  /** `--ignore GLOB`, repeated: patterns of paths under each folder left out. */
  readonly ignore?: readonly string[];
  /** `--after-upload`, checked (see `afterUploadFromFlag`): each folder's rule takes it. */
  readonly afterUpload?: AfterUpload | undefined;
  /**
   * `--preset NAME`, found in the settings: each folder's rule names it, so its tags, template,
   * internal and after-upload action fill in what the flags leave out when photos are queued.
   */
  readonly preset?: Preset | undefined;
};

/**
 * Checks the flags of `watch` and turns them into one rule per folder, and the settle time
 * (`undefined` without `--settle-seconds`: the saved setting applies). The range is the
 * setting's (1 to 600 seconds); fractions of a second above 1 are accepted. `out` hears the
 * description's note.
 */
export function watchRulesFromFlags(
  options: WatchCommandOptions,
  out: CommandOutput,
): {
  rules: WatchRule[];
  settleSeconds: number | undefined;
} {
  if (options.folders.length === 0) throw new UsageError('watch needs at least one folder');
  if (options.projectPerSubfolder === (options.projectId !== undefined))
    throw new UsageError(
      options.preset !== undefined && options.projectId === undefined
        ? `watch needs --project ID (or --project-per-subfolder): the preset "${printable(options.preset.name)}" names no project`
        : 'watch needs --project ID or --project-per-subfolder (one of them)',
    );
  const seconds = options.settleSeconds === undefined ? undefined : Number(options.settleSeconds);
  if (
    seconds !== undefined &&
    (!Number.isFinite(seconds) ||
      seconds < MIN_WATCH_SETTLE_SECONDS ||
      seconds > MAX_WATCH_SETTLE_SECONDS)
  )
    throw new UsageError(
      `--settle-seconds must be a number of seconds from ${MIN_WATCH_SETTLE_SECONDS} to ${MAX_WATCH_SETTLE_SECONDS}`,
    );
  const description = descriptionFromFlag(options.description, out);
  const descriptionTemplate = descriptionTemplateFromFlag(
    options.descriptionTemplate,
    options.description,
    out,
  );
  const rules = options.folders.map((folder) =>
    watchRuleSchema.parse({
      path: resolve(folder),
      project:
        options.projectId === undefined
          ? { kind: 'per-subfolder' }
          : { kind: 'fixed', projectId: options.projectId },
      description,
      ...(descriptionTemplate === undefined ? {} : { descriptionTemplate }),
      tags: normalizeTags(options.tags),
      tagsFromFolders: options.tagsFromFolders,
      internal: options.internal,
      ...(options.includeArchived === true ? { includeArchived: true } : {}),
      ...(options.ignore !== undefined && options.ignore.length > 0
        ? { ignore: [...options.ignore] }
        : {}),
      ...(options.afterUpload === undefined ? {} : { afterUpload: options.afterUpload }),
      ...(options.preset === undefined ? {} : { preset: options.preset.name }),
    }),
  );
  return { rules, settleSeconds: seconds };
}

/**
 * `watch <folders…>`: watches the folders until SIGINT or SIGTERM, prints one line for each
 * photo queued, and runs the upload queue meanwhile. The watching runs in the process that owns
 * the data folder (this one, or the app it is attached to): one writer of the folder and one
 * watcher per watched folder. It is a session of this command's connection
 * (`watch:session-start`): its folders are never saved, its reports come to this command alone,
 * and it ends when the command stops it or its connection closes. On a signal the session ends,
 * the photos being queued are recorded, and the steps in flight are journaled before it exits 0.
 */
export async function watchFolders(
  context: CliContext,
  options: WatchCommandOptions,
  out: CommandOutput,
): Promise<number> {
  const { rules, settleSeconds } = watchRulesFromFlags(options, out);
  const zone = options.zone ?? computerZone();
  if (!isKnownZone(zone)) throw new UsageError(`--zone must be an IANA time zone, not "${zone}"`);
  const session = await context.call('session:get', {});
  if (session.state !== 'signed-in') {
    out.stderr.write('watch: not signed in; run `npm run cli -- login` first.\n');
    return 1;
  }
  // Checked once, before watching: a wrong id would fail every photo that lands, one by one.
  if (
    options.projectId !== undefined &&
    !(await projectAllowed(
      context,
      'watch',
      options.projectId,
      options.includeArchived ?? false,
      out,
    ))
  )
    return 1;
  let wake: (() => void) | undefined;
  const said = new Map<string, string>();
  const problems = new Map<string, string>();
  const report = ({ report: event }: WatchSessionReport) => {
    if (event.kind === 'queued') {
      out.stdout.write(
        `Queued ${printable(event.path)} for project ${printable(event.projectId)}\n`,
      );
      wake?.();
    } else if (event.kind === 'skipped')
      out.stderr.write(
        `skipped: ${printable(event.path)}: ${printable(englishFor(event.reason))}\n`,
      );
    else
      for (const folder of event.folders) {
        // A rule that cannot be used (a preset gone…) is said once, until it changes.
        const problem = folder.problem === undefined ? '' : englishFor(folder.problem);
        if (problem !== (problems.get(folder.path) ?? '')) {
          problems.set(folder.path, problem);
          out.stderr.write(
            problem === ''
              ? `The rule of ${printable(folder.path)} can be used again; its photos are queued.\n`
              : `The rule of ${printable(folder.path)} cannot be used, so its photos wait: ${printable(problem)}\n`,
          );
        }
        if (said.get(folder.path) === folder.state || folder.state === 'starting') continue;
        said.set(folder.path, folder.state);
        out.stderr.write(
          folder.state === 'watching'
            ? `Watching ${printable(folder.path)}\n`
            : `The folder ${printable(folder.path)} is missing; it is watched again when it comes back.\n`,
        );
      }
  };
  // This connection hears only its own session's reports (see watch-session-handlers).
  const stopReports = context.client.on('watch:session-report', report);
  let sessionId: number;
  try {
    ({ sessionId } = await context.call('watch:session-start', {
      rules,
      settleSeconds: settleSeconds ?? (await context.call('settings:get', {})).watchSettleSeconds,
    }));
  } catch (error) {
    stopReports();
    throw error;
  }
  let stopping = false;
  let ownerStopped = false;
  let stopped: () => void = () => undefined;
  const stop = new Promise<void>((resolve) => (stopped = resolve));
  const onSignal = () => {
    stopping = true;
    stopped();
    wake?.();
  };
  // An owner that goes away (killed, or quitting) ends this watch at once, not at the next sync.
  context.client.untilGone().catch(() => {
    if (stopping) return; // this command's own disconnect, after a signal
    ownerStopped = true;
    onSignal();
  });
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    while (!stopping) {
      // The queue runs while a sync waits; between photos it rests until one is queued.
      const ended = await Promise.race([
        context.call('queue:sync', {}),
        stop.then(() => undefined),
      ]);
      if (stopping || ended === undefined) break;
      if (ended.ended === 'needs-sign-in' || ended.ended === 'not-ready')
        out.stderr.write(
          `watch: ${ended.ended === 'needs-sign-in' ? 'the session has ended; sign in again (`npm run cli -- login`). Photos are still queued.' : (ended.reason ?? 'the queue cannot run yet')}\n`,
        );
      if (ended.ended === 'stopped') {
        // Only the owner's queue stopping ends a sync this command did not stop itself.
        ownerStopped = context.client.kind === 'attached';
        break;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, ended.ended === 'idle' ? 30_000 : 5000).unref();
      });
      wake = undefined;
    }
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    stopReports();
    // The owner ends the session (the connection closing would too): an owner that stopped
    // cannot be asked.
    if (!ownerStopped)
      await context.call('watch:session-stop', { sessionId }).catch(() => undefined);
  }
  await context.close({ now: true });
  if (ownerStopped) {
    out.stderr.write(
      'watch: the Photo Uploader process that owns the data folder stopped, so this watch stopped too; run the command again.\n',
    );
    return 1;
  }
  out.stderr.write('watch: stopped; the steps in flight were journaled.\n');
  return 0;
}
