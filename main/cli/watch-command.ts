import { join, resolve } from 'node:path';
import { printable } from '../../shared/domain/printable-text';
import { computerZone } from '../../shared/domain/zone';
import { normalizeTags } from '../../shared/domain/tags';
import { watchRuleSchema, type WatchRule } from '../../shared/domain/watch-rule';
import { isKnownZone } from '../media/capture-time';
import { watchCoreThroughCalls } from '../watch/watch-core';
import { WatchLedger } from '../watch/watch-ledger';
import { type WatchReport, WatchService } from '../watch/watch-service';
import { type CliContext, type CommandOutput, UsageError } from './cli-context';
import { descriptionFromFlag } from './description-flag';

/** The flags of `watch`. */
export type WatchCommandOptions = {
  readonly folders: readonly string[];
  readonly projectId: string | undefined;
  readonly projectPerSubfolder: boolean;
  readonly settleSeconds: string | undefined;
  readonly tags: readonly string[];
  readonly tagsFromFolders: boolean;
  readonly description: string | undefined;
  readonly internal: boolean;
  readonly zone: string | undefined;
};

/** Checks the flags of `watch` and turns them into one rule per folder (`out` hears the description's note). */
export function watchRulesFromFlags(
  options: WatchCommandOptions,
  out: CommandOutput,
): {
  rules: WatchRule[];
  settleMs: number;
} {
  if (options.folders.length === 0) throw new UsageError('watch needs at least one folder');
  if (options.projectPerSubfolder === (options.projectId !== undefined))
    throw new UsageError('watch needs --project ID or --project-per-subfolder (one of them)');
  const seconds = Number(options.settleSeconds ?? '5');
  if (!Number.isFinite(seconds) || seconds < 0.1 || seconds > 3600)
    throw new UsageError('--settle-seconds must be a number of seconds from 0.1 to 3600');
  const description = descriptionFromFlag(options.description, out);
  const rules = options.folders.map((folder) =>
    watchRuleSchema.parse({
      path: resolve(folder),
      project:
        options.projectId === undefined
          ? { kind: 'per-subfolder' }
          : { kind: 'fixed', projectId: options.projectId },
      description,
      tags: normalizeTags(options.tags),
      tagsFromFolders: options.tagsFromFolders,
      internal: options.internal,
    }),
  );
  return { rules, settleMs: Math.round(seconds * 1000) };
}

/**
 * `watch <folders…>`: watches the folders in this process until SIGINT or SIGTERM, prints one
 * line for each photo it queues, and runs the upload queue meanwhile. The watcher always runs
 * here, in the command's own process, and takes photos in and queues them through the core's
 * calls (`intake:add-paths`, `queue:add-photos`), so it works the same whether this process owns
 * the data folder or is attached to the app that does; the ledger of watched files is the data
 * folder's `watch-ledger.db`, shared by every process. On a signal the watchers stop, the photos
 * being queued are recorded, and the steps in flight are journaled before it exits 0.
 */
export async function watchFolders(
  context: CliContext,
  options: WatchCommandOptions,
  out: CommandOutput,
): Promise<number> {
  const { rules, settleMs } = watchRulesFromFlags(options, out);
  const zone = options.zone ?? computerZone();
  if (!isKnownZone(zone)) throw new UsageError(`--zone must be an IANA time zone, not "${zone}"`);
  const session = await context.call('session:get', {});
  if (session.state !== 'signed-in') {
    out.stderr.write('watch: not signed in; run `npm run cli -- login` first.\n');
    return 1;
  }
  let wake: (() => void) | undefined;
  const said = new Map<string, string>();
  const report = (event: WatchReport) => {
    if (event.kind === 'queued') {
      out.stdout.write(
        `Queued ${printable(event.path)} for project ${printable(event.projectId)}\n`,
      );
      wake?.();
    } else if (event.kind === 'skipped')
      out.stderr.write(`skipped: ${printable(event.path)}: ${printable(event.reason)}\n`);
    else
      for (const folder of event.folders) {
        if (said.get(folder.path) === folder.state || folder.state === 'starting') continue;
        said.set(folder.path, folder.state);
        out.stderr.write(
          folder.state === 'watching'
            ? `Watching ${printable(folder.path)}\n`
            : `The folder ${printable(folder.path)} is missing; it is watched again when it comes back.\n`,
        );
      }
  };
  const ledger = new WatchLedger(join(context.dataDir, 'watch-ledger.db'));
  const service = new WatchService({
    core: watchCoreThroughCalls(
      (channel, input) => context.call(channel, input),
      (listener) => context.client.on('intake:batch', listener),
      (waiting) => context.waitFor(waiting),
    ),
    ledger,
    logger: context.logger.child('watch'),
    report,
    assumedZone: () => zone,
    settleMs,
  });
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
    await service.use(rules);
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
    // The photos being queued are queued and recorded before the queue journals its steps.
    await service.close();
    ledger.close();
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
