import { innerWords } from '../../shared/i18n/words';
import { isDeepStrictEqual } from 'node:util';
import type { Logger } from '../logging/logger';
import type { PolicyState } from './managed-settings';
import { parsePolicy } from './parse-policy';
import type { PolicyRead, PolicySource } from './policy-source';
import type { SettingsStore } from './settings-store';

/** How often the policy is read again even when no change was seen (MDM pushes, missed events). */
export const POLICY_REREAD_MS = 5 * 60_000;

/** How long change events must stop before the policy is read (a file written in pieces). */
export const POLICY_SETTLE_MS = 500;

/** How long to wait before reading again a policy found unreadable while one is in use. */
export const POLICY_RETRY_MS = 2_000;

/** How many times it is read again before an unreadable policy replaces the one in use. */
export const POLICY_RETRIES = 5;

/** What the follower needs. */
export type PolicyFollowerOptions = {
  readonly source: PolicySource;
  readonly settings: Pick<SettingsStore, 'get' | 'policy' | 'usePolicy'>;
  readonly logger: Logger;
  /**
   * The policy changed while running, after it was put in use: `settings` names the settings
   * whose value in effect changed (empty when only the policy's state did, e.g. a new problem).
   * The owner applies it like a settings change.
   */
  readonly changed: (settings: readonly string[]) => void | Promise<void>;
  readonly rereadMs?: number;
  readonly settleMs?: number;
  readonly retryMs?: number;
  readonly retries?: number;
};

/** Resolves after `ms`, without keeping the process alive. */
const pause = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms).unref());

/** The names of the settings whose values differ between `before` and `after`. */
function changedSettings(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => !isDeepStrictEqual(before[name], after[name])).sort();
}

/**
 * Keeps the settings store on the organisation's policy: reads it at start (before the settings
 * are applied), then again once change events have stopped for `settleMs` and every few minutes.
 * An invalid policy is ignored as a whole (`parsePolicy`) and logged once per distinct problem,
 * however often it is read again, until a valid policy (or none) is read.
 *
 * A policy rewritten in place is read half-written now and then. So while a valid policy is in
 * use, a reading that cannot be read (not JSON, no access) keeps it and reads again every
 * `retryMs`, up to `retries` times; only a policy still unreadable then replaces it (invalid,
 * reported). A policy that reads but fails its checks applies at once, like a missing one.
 */
export class PolicyFollower {
  readonly #reported = new Set<string>();
  /** Serialises readings, so a burst of change events applies in order. */
  #reading: Promise<void> = Promise.resolve();
  #stop: (() => void) | undefined;
  #settling: NodeJS.Timeout | undefined;

  constructor(private readonly options: PolicyFollowerOptions) {}

  /** Reads the policy and puts it in use, without telling `changed` (nothing used it yet). */
  async start(): Promise<void> {
    this.#use(await this.#read());
  }

  /** Watches the source and re-reads every few minutes, until `close`. */
  follow(): void {
    if (this.#stop !== undefined) return;
    const stopWatching = this.options.source.watch(() => this.#settle());
    const timer = setInterval(() => void this.refresh(), this.options.rereadMs ?? POLICY_REREAD_MS);
    timer.unref();
    this.#stop = () => {
      stopWatching();
      clearInterval(timer);
      clearTimeout(this.#settling);
    };
  }

  /** Reads the policy again and applies it if it changed. Never rejects. */
  refresh(): Promise<void> {
    this.#reading = this.#reading.then(async () => {
      const next = await this.#readSettled();
      if (isDeepStrictEqual(next, this.options.settings.policy())) return;
      const before = this.options.settings.get();
      this.#use(next);
      try {
        await this.options.changed(changedSettings(before, this.options.settings.get()));
      } catch (error) {
        this.options.logger.warn('applying the changed policy failed', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    });
    return this.#reading;
  }

  /** Stops watching (idempotent). */
  close(): void {
    this.#stop?.();
    this.#stop = undefined;
  }

  /** Reads once change events have stopped for a moment (each new event starts it again). */
  #settle(): void {
    clearTimeout(this.#settling);
    this.#settling = setTimeout(
      () => void this.refresh(),
      this.options.settleMs ?? POLICY_SETTLE_MS,
    );
    this.#settling.unref();
  }

  /** The policy as read now, read again a few times while it is unreadable and one is in use. */
  async #readSettled(): Promise<PolicyState> {
    const retries = this.options.retries ?? POLICY_RETRIES;
    let read = await this.#readSource();
    for (let attempt = 0; attempt < retries; attempt += 1) {
      if (read.kind !== 'unreadable' || this.options.settings.policy().kind !== 'applied') break;
      await pause(this.options.retryMs ?? POLICY_RETRY_MS);
      read = await this.#readSource();
    }
    return parsePolicy(read, this.options.source.origin);
  }

  async #read(): Promise<PolicyState> {
    return parsePolicy(await this.#readSource(), this.options.source.origin);
  }

  async #readSource(): Promise<PolicyRead> {
    try {
      return await this.options.source.read();
    } catch (error) {
      // A source never rejects; should one, the policy cannot be read: say so like any problem.
      return {
        kind: 'unreadable',
        problem: innerWords('reason.policy.systemUnreadable', {
          detail: error instanceof Error ? error.message : String(error),
        }),
      };
    }
  }

  #use(state: PolicyState): void {
    const { logger, settings } = this.options;
    settings.usePolicy(state);
    // Put right: a problem that comes back later is news again.
    if (state.kind !== 'invalid') this.#reported.clear();
    if (state.kind === 'invalid' && !this.#reported.has(state.problem)) {
      this.#reported.add(state.problem);
      // The problem names a setting and the rule broken, never a value's secret (none are in a policy).
      logger.warn('the organisation’s policy is not valid; none of it is used', {
        problem: state.problem,
      });
    }
    if (state.kind === 'applied')
      logger.info('the organisation’s policy is in use', { managed: Object.keys(state.values) });
  }
}
