import { isDeepStrictEqual } from 'node:util';
import type { Logger } from '../logging/logger';
import type { PolicyState } from './managed-settings';
import { parsePolicy } from './parse-policy';
import type { PolicySource } from './policy-source';
import type { SettingsStore } from './settings-store';

/** How often the policy is read again even when no change was seen (MDM pushes, missed events). */
export const POLICY_REREAD_MS = 5 * 60_000;

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
};

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
 * are applied), then again whenever the source says it changed and every few minutes. An invalid
 * policy is ignored as a whole (`parsePolicy`) and logged once per distinct problem, however
 * often it is read again.
 */
export class PolicyFollower {
  readonly #reported = new Set<string>();
  /** Serialises readings, so a burst of change events applies in order. */
  #reading: Promise<void> = Promise.resolve();
  #stop: (() => void) | undefined;

  constructor(private readonly options: PolicyFollowerOptions) {}

  /** Reads the policy and puts it in use, without telling `changed` (nothing used it yet). */
  async start(): Promise<void> {
    this.#use(await this.#read());
  }

  /** Watches the source and re-reads every few minutes, until `close`. */
  follow(): void {
    if (this.#stop !== undefined) return;
    const stopWatching = this.options.source.watch(() => void this.refresh());
    const timer = setInterval(() => void this.refresh(), this.options.rereadMs ?? POLICY_REREAD_MS);
    timer.unref();
    this.#stop = () => {
      stopWatching();
      clearInterval(timer);
    };
  }

  /** Reads the policy again and applies it if it changed. Never rejects. */
  refresh(): Promise<void> {
    this.#reading = this.#reading.then(async () => {
      const next = await this.#read();
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

  async #read(): Promise<PolicyState> {
    const { source } = this.options;
    try {
      return parsePolicy(await source.read(), source.origin);
    } catch (error) {
      // A source never rejects; should one, the policy cannot be read: say so like any problem.
      return parsePolicy(
        { kind: 'unreadable', problem: error instanceof Error ? error.message : String(error) },
        source.origin,
      );
    }
  }

  #use(state: PolicyState): void {
    const { logger, settings } = this.options;
    settings.usePolicy(state);
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
