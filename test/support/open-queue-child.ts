import { QueueStore } from '../../main/queue/queue-store';
import { systemClock } from '../../shared/domain/clock';

// A process that opens the queue database named by its argument, as the app or the command line
// does, and says how it went on stdout: `opening`, then `opened` or `failed: <message>`. The race
// test (test/integration/queue/queue-db-race.test.ts) starts two at once.

const file = process.argv[2];
if (file === undefined) throw new Error('usage: open-queue-child <queue.db>');
process.stdout.write('opening\n');
try {
  new QueueStore(file, systemClock).close();
  process.stdout.write('opened\n');
} catch (error) {
  process.stdout.write(`failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
