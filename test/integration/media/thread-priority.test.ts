import { readdir, readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/logging/logger';
import { MediaWorkers } from '../../../main/media/media-workers';
import { MEDIA_THREAD_NICE } from '../../../main/media/thread-priority';
import { needs } from '../../support/platform-needs';

const needsProc = needs('proc');

/** The nice value in a task's `stat` (field 19; counted from after the command name's ')'). */
function niceOf(stat: string): number {
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** The nice value of each thread of this process, from /proc. */
async function threadNices(): Promise<number[]> {
  const tasks = await readdir('/proc/self/task');
  const stats = await Promise.all(
    tasks.map((task) => readFile(`/proc/self/task/${task}/stat`, 'utf8').catch(() => '')),
  );
  return stats.filter((stat) => stat !== '').map(niceOf);
}

// Reads each thread's nice value in /proc: Linux, where this project's tests run (Debian, as in CI),
// and the one platform where the threads lower themselves (see thread-priority.ts).
describe.skipIf(needsProc.skip)(
  needsProc.title('media threads started below the window (Linux: nice is per thread)'),
  () => {
    let workers: MediaWorkers | undefined;
    afterEach(async () => {
      await workers?.close();
      workers = undefined;
    });

    it('run at the nice value the core asks for, and the rest of the process does not', async () => {
      const before = await threadNices();
      workers = new MediaWorkers({
        logger: silentLogger,
        inspectors: 2,
        threadNice: MEDIA_THREAD_NICE,
      });
      await workers.warmUp();
      const after = await threadNices();
      // The crawler and both inspectors lowered themselves; this thread (the test's) did not.
      expect(after.filter((nice) => nice === MEDIA_THREAD_NICE).length).toBe(
        before.filter((nice) => nice === MEDIA_THREAD_NICE).length + 3,
      );
      expect(niceOf(await readFile('/proc/thread-self/stat', 'utf8'))).toBe(0);
    });

    it('stay at the process’s own priority by default (the command line)', async () => {
      const before = await threadNices();
      workers = new MediaWorkers({ logger: silentLogger, inspectors: 2 });
      await workers.warmUp();
      const after = await threadNices();
      expect(after.filter((nice) => nice === MEDIA_THREAD_NICE).length).toBe(
        before.filter((nice) => nice === MEDIA_THREAD_NICE).length,
      );
    });
  },
);
