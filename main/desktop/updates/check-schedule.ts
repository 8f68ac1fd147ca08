/** How often the app looks for a new version while it runs (issue 25 §3: at start, then every 6 hours). */
export const UPDATE_CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

/** What a look for updates depends on. */
export type CheckMoment = {
  /** Now, in ms. */
  readonly now: number;
  /** When the last look began (ms); undefined before the first. */
  readonly lastStartedAt: number | undefined;
  /** A look or a download is under way (a look in flight is never repeated). */
  readonly busy: boolean;
  /** An update is downloaded or being installed: nothing newer is looked for until it is. */
  readonly holding: boolean;
};

/** Whether to look for updates now: first at start, then once 6 hours have passed, never twice at once. */
export function checkDue(moment: CheckMoment): boolean {
  if (moment.busy || moment.holding) return false;
  if (moment.lastStartedAt === undefined) return true;
  return moment.now - moment.lastStartedAt >= UPDATE_CHECK_INTERVAL_MS;
}

/** How long to wait before asking {@link checkDue} again (ms): until the next look is due. */
export function nextCheckInMs(now: number, lastStartedAt: number | undefined): number {
  if (lastStartedAt === undefined) return 0;
  return Math.max(0, lastStartedAt + UPDATE_CHECK_INTERVAL_MS - now);
}
