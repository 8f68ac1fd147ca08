import { openQueueDatabase } from '../../main/queue/queue-migrations';

// A process that opens the queue database named by its argument, as the app or the command line
// does (`openQueueDatabase`, which `QueueStore` opens with), and says how it went on stdout:
// `opening`, then `opened` or `failed: <message>`. The race test
// (test/integration/queue/queue-db-race.test.ts) starts two at once; each waits for the lock as
// long as the test may take (a loaded machine may start the second many seconds after the first).

const file = process.argv[2];
if (file === undefined) throw new Error('usage: open-queue-child <queue.db>');
process.stdout.write('opening\n');
try {
  openQueueDatabase(file, { busyTimeoutMs: 600_000 }).close();
  process.stdout.write('opened\n');
} catch (error) {
  process.stdout.write(`failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
