import { performance } from 'node:perf_hooks';

/**
 * The longest time this process's event loop could not run a timer while `action` (and whatever
 * it leaves for the next few milliseconds, such as a change flushed to the window) ran: a 1 ms
 * interval notes the gap between its ticks. Returns that gap in ms, less the interval itself.
 */
export async function longestStallDuring(
  action: () => Promise<unknown>,
  settleMs = 1000,
): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  try {
    await new Promise((resolve) => setTimeout(resolve, 20));
    longest = 0;
    last = performance.now();
    await action();
    // Follow-up work the action scheduled (the runner flushes changes to the window later).
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    longest = Math.max(longest, performance.now() - last);
  } finally {
    clearInterval(probe);
  }
  return Math.max(0, longest - 1);
}
