import type { QueueItemView, QueueProgressView } from '../../shared/ipc/views';
import { printable } from '../../shared/domain/printable-text';
import { progressLine } from '../queue/queue-progress';
import type { CliContext, CommandOutput } from './cli-context';
import { itemName, summary } from './queue-lines';
import { signInWords } from './session-words';

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
