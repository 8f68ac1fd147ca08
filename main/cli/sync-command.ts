import type { AfterUpload } from '../../shared/domain/after-upload';
import type { Words } from '../../shared/i18n/translator';
import { englishFor } from '../../shared/i18n/words';
import type { QueueItemView, QueueProgressView } from '../../shared/ipc/views';
import { printable } from '../../shared/domain/printable-text';
import { progressLine } from '../queue/queue-progress';
import type { CliContext, CommandOutput } from './cli-context';
import { type CommandCounts, syncLine, tally, waitedForLine } from './command-counts';
import { counted } from './count-words';
import { itemName } from './queue-lines';
import { signInWords } from './session-words';

/** How the command line tells a user to lift a pause. */
export const RESUME_COMMAND = '`npm run cli -- resume`';

/** The exit code of a command ended by a signal: 128 + the signal's number, as shells report. */
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

/** Which items a sync counts and how it says them. */
export type SyncScope = {
  /**
   * The items this command queued (`upload`): only they are counted and said. Without it, the
   * items the queue had to do when the sync began, and those added while it ran.
   */
  readonly itemIds?: ReadonlySet<number>;
  /** The line the sync ends with, from its counts (default: `syncLine`). */
  readonly line?: (counts: CommandCounts) => string;
  /** `sync --after-upload`: for the unfinished photos whose batch gave no action. */
  readonly afterUpload?: AfterUpload | undefined;
};

/** What the user is told when paused items keep the sync from finishing; undefined if none. */
function pausedWords(pausedAll: boolean, counts: CommandCounts): string | undefined {
  if (pausedAll) return `Everything is paused: run ${RESUME_COMMAND} to go on.`;
  if (counts.paused === 0) return undefined;
  return `${counted(counts.paused, { one: 'item is', other: 'items are' })} paused: run ${RESUME_COMMAND} to go on (or \`resume ID\` for one).`;
}

/** What became of an item's file after upload, one line on stdout (nothing while pending). */
function sayAfterUpload(item: QueueItemView, out: CommandOutput): void {
  const result = item.afterUpload;
  const path = printable(item.path ?? '');
  if (result === undefined || result.kind === 'pending') return;
  if (result.kind === 'moved') out.stdout.write(`moved: ${path} -> ${printable(result.to)}\n`);
  else if (result.kind === 'trashed') out.stdout.write(`trashed: ${path}\n`);
  else out.stdout.write(`left: ${path}: ${printable(englishFor(result.reason))}\n`);
}

/**
 * `sync`: runs the queue until every item is done or waiting on the user, here or in the process
 * that owns the data folder, and says what became of the items it had to do (`scope`). Exit 0
 * only when all are done (or cancelled); 130 on SIGINT and 143 on SIGTERM, after the steps in
 * flight were journaled.
 */
export async function sync(
  context: CliContext,
  out: CommandOutput,
  scope: SyncScope = {},
): Promise<number> {
  const session = await context.call('session:get', {});
  if (session.state !== 'signed-in') {
    out.stderr.write(
      `sync: ${signInWords(session.state, 'sync')} Queued uploads and edits are kept.\n`,
    );
    return 1;
  }
  // `sync --after-upload`: the photos it is to finish whose batch gave no action take this one.
  if (scope.afterUpload !== undefined)
    await context.call('queue:after-upload', { action: scope.afterUpload });
  const start = await context.call('queue:snapshot', {});
  // Items finished before this sync are the queue's history, not what this command did.
  const settled = new Set(
    start.items
      .filter((item) => item.state === 'done' || item.state === 'cancelled')
      .map((item) => item.id),
  );
  const inScope = (item: QueueItemView) =>
    scope.itemIds === undefined ? !settled.has(item.id) : scope.itemIds.has(item.id);
  let progress: QueueProgressView | undefined;
  let offline = false;
  const reported = new Set<number>();
  const report = (item: QueueItemView) => {
    if (item.state !== 'needs-attention' || reported.has(item.id) || !inScope(item)) return;
    reported.add(item.id);
    const reason = item.reason === undefined ? '' : englishFor(item.reason);
    out.stderr.write(`Needs attention: ${itemName(item)}: ${printable(reason)}\n`);
  };
  // The command line stays English (issue 24 §2): main's words are said in English here.
  let hoursWait: string | undefined;
  const sayHoursWait = (words: Words | undefined) => {
    const wait = words === undefined ? undefined : englishFor(words);
    if (wait !== undefined && wait !== hoursWait)
      out.stderr.write(`sync: ${wait}. Stop with Ctrl+C; nothing is lost.\n`);
    hoursWait = wait;
  };
  // A queue that waits for its hours says so at once, not at its next change.
  sayHoursWait(start.hoursWait);
  const stopEvents = context.client.on('queue:changed', (change) => {
    progress = change.progress;
    if (change.condition === 'offline' && !offline)
      out.stderr.write(
        'Offline: uploads wait and resume by themselves when the service answers.\n',
      );
    offline = change.condition === 'offline';
    sayHoursWait(change.hoursWait);
    for (const item of change.items) report(item);
  });
  const ticker = setInterval(() => {
    if (progress !== undefined)
      out.stderr.write(
        `${progressLine(progress)}${offline ? ' (offline: waiting for the service)' : ''}\n`,
      );
  }, 5000);
  let interrupted: keyof typeof SIGNAL_EXIT | undefined;
  const interrupt = (signal: keyof typeof SIGNAL_EXIT) => {
    interrupted = signal;
    // Closing journals the steps in flight (owner) or leaves the owner to go on (attached).
    void context.close({ now: true }).then(() => process.exit(SIGNAL_EXIT[signal]));
  };
  const onSigint = () => interrupt('SIGINT');
  const onSigterm = () => interrupt('SIGTERM');
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigterm);
  try {
    const ended = await context.call('queue:sync', {});
    if (interrupted !== undefined) return SIGNAL_EXIT[interrupted];
    if (ended.ended === 'stopped') {
      // The owner is quitting: it cannot be asked for the queue any more.
      out.stderr.write(
        'sync: the process that runs the queue is quitting; run sync again later. Nothing was lost.\n',
      );
      return 1;
    }
    // Changes are sent in batches: the last ones may come after the sync ended; say them all.
    const final = await context.call('queue:snapshot', {});
    for (const item of final.items) report(item);
    for (const item of final.items) if (inScope(item)) sayAfterUpload(item, out);
    const counts = tally(final.items, inScope, final.pausedAll);
    out.stdout.write(`${(scope.line ?? syncLine)(counts)}\n`);
    const waited = waitedForLine(ended.waitedFor);
    if (waited !== undefined) out.stdout.write(`${waited}\n`);
    const paused = pausedWords(final.pausedAll, counts);
    if (paused !== undefined) out.stderr.write(`${paused}\n`);
    switch (ended.ended) {
      case 'needs-sign-in':
        out.stderr.write(
          'sync: the session has ended; sign in again (`npm run cli -- login`), then sync. Nothing was lost.\n',
        );
        return 1;
      case 'not-ready':
        out.stderr.write(`sync: ${ended.reason ?? 'the queue cannot run yet'}\n`);
        return 1;
      case 'idle': {
        const { counts: queue } = ended;
        const unfinished =
          queue.queued + queue.staged + queue.creating + queue.created + queue['needs-attention'];
        return unfinished === 0 ? 0 : 1;
      }
    }
  } finally {
    clearInterval(ticker);
    stopEvents();
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
  }
}
