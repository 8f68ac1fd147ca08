/** How often the app looks for a new version while it runs (issue 25 §3: at start, then every 6 hours). */
export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** What a look for updates depends on. */
export type CheckMoment = {
  /** Now, in ms. */
  readonly now: number;
  /** When the last look began (ms); undefined before the first. */
  readonly lastStartedAt: number | undefined;
  /** A look is under way (repeated only once it has hung for 6 hours). */
  readonly busy: boolean;
  /** An update is downloaded or being installed: nothing newer is looked for until it is. */
  readonly holding: boolean;
};

/**
 * Whether to look for updates now: first at start, then once 6 hours have passed, never twice at
 * once. A look still "in flight" 6 hours after it began is taken for lost (a request that never
 * answered): looking again is due, or the app would never look again.
 */
export function checkDue(moment: CheckMoment): boolean {
  if (moment.holding) return false;
  if (moment.lastStartedAt === undefined) return !moment.busy;
  return moment.now - moment.lastStartedAt >= UPDATE_CHECK_INTERVAL_MS;
}
