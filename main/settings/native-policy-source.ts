import type { InnerWords } from '../../shared/i18n/translator';
import { innerWords } from '../../shared/i18n/words';
import type { Logger } from '../logging/logger';
import type { PolicyRead, PolicySource } from './policy-source';
import {
  isPolicySetting,
  nativePolicyValues,
  POLICY_SETTINGS,
  type PolicyValueKind,
} from './policy-settings';

/** How long the first reading of the system's policy may take before it counts as unreadable. */
const FIRST_READ_MS = 10_000;

type Value = string | number | boolean | undefined;

/**
 * Every type the library reads. Asked for each policy, so a value of the wrong type is reported
 * (and refused here) rather than left out by the library, which would half-apply the policy.
 */
const ANY_TYPE = ['string', 'number', 'boolean'] as const;

/** What the system's policy library offers: VS Code's `@vscode/policy-watcher`. */
export type PolicyWatcherLibrary = {
  createWatcher(
    productName: string,
    policies: Record<string, { type: typeof ANY_TYPE }>,
    onDidChange: (update: Record<string, Value>) => void,
    options?: { registryPath?: string },
  ): { dispose(): void };
};

/** Whether a value the library reports has the type `kind` is written as (0/1 is on/off too). */
function fits(kind: PolicyValueKind, value: string | number | boolean): boolean {
  if (kind === 'json') return typeof value === 'string';
  if (kind === 'boolean') return typeof value === 'boolean' || typeof value === 'number';
  return typeof value === kind;
}

/**
 * What is wrong with the first value of the wrong type in a report, if one is: its name, the type
 * found and the type expected (a JSON setting is written as text), said as Windows and a macOS
 * profile write them (`reason.policy.wrongType`).
 */
function wrongType(update: Record<string, Value>): InnerWords | undefined {
  for (const [name, value] of Object.entries(update)) {
    if (value === undefined || !isPolicySetting(name)) continue;
    const kind = POLICY_SETTINGS[name];
    if (!fits(kind, value)) {
      const found =
        typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'boolean';
      return innerWords('reason.policy.wrongType', { name, found, expected: kind });
    }
  }
  return undefined;
}

/** Loads the native library only where it is used (Windows, macOS); it is an optional dependency. */
export const loadPolicyWatcher = async (): Promise<PolicyWatcherLibrary> =>
  import('@vscode/policy-watcher');

/**
 * The policy Windows Group Policy writes to the registry (HKLM, then HKCU for a value HKLM lacks)
 * or an MDM profile puts in macOS managed preferences, read and watched by VS Code's
 * `@vscode/policy-watcher`. It reports every set value on start and again on each change; this
 * keeps the last report and converts it (`nativePolicyValues`). A value of the wrong type makes
 * the whole policy unreadable (so none of it applies). The library still leaves out what it
 * cannot read at all (another registry type such as REG_EXPAND_SZ or REG_BINARY; a plist array,
 * dictionary, date or data), as if it were not set.
 */
export class NativePolicySource implements PolicySource {
  #latest: Record<string, Value> | undefined;
  #started: Promise<void> | undefined;
  #watcher: { dispose(): void } | undefined;
  #problem: InnerWords | undefined;
  readonly #listeners = new Set<() => void>();
  readonly #firstReport: Promise<void>;
  #reported: () => void = () => undefined;

  constructor(
    readonly origin: string,
    private readonly where: { readonly productName: string; readonly registryPath?: string },
    private readonly logger: Logger,
    private readonly load: () => Promise<PolicyWatcherLibrary> = loadPolicyWatcher,
    private readonly firstReadMs = FIRST_READ_MS,
  ) {
    this.#firstReport = new Promise((resolve) => (this.#reported = resolve));
  }

  async read(): Promise<PolicyRead> {
    await this.#start();
    if (this.#problem !== undefined) return { kind: 'unreadable', problem: this.#problem };
    const latest = this.#latest;
    if (latest === undefined)
      return { kind: 'unreadable', problem: innerWords('reason.policy.noAnswer') };
    const problem = wrongType(latest);
    if (problem !== undefined) return { kind: 'unreadable', problem };
    return nativePolicyValues(latest);
  }

  watch(changed: () => void): () => void {
    void this.#start();
    this.#listeners.add(changed);
    return () => {
      this.#listeners.delete(changed);
      if (this.#listeners.size === 0) {
        this.#watcher?.dispose();
        this.#watcher = undefined;
      }
    };
  }

  #start(): Promise<void> {
    this.#started ??= this.#open();
    return this.#started;
  }

  async #open(): Promise<void> {
    let library: PolicyWatcherLibrary;
    try {
      library = await this.load();
    } catch (error) {
      this.logger.warn('the system policy reader could not be loaded', {
        error: error instanceof Error ? error.message : String(error),
      });
      this.#problem = innerWords('reason.policy.noReader');
      return;
    }
    const policies = Object.fromEntries(
      Object.keys(POLICY_SETTINGS).map((name) => [name, { type: ANY_TYPE }]),
    );
    try {
      this.#watcher = library.createWatcher(
        this.where.productName,
        policies,
        (update) => {
          this.#latest = update;
          this.#reported();
          // Also the first report: it may come after a reading stopped waiting for it. A reading
          // that finds what is in use already changes nothing.
          for (const listener of this.#listeners) listener();
        },
        this.where.registryPath === undefined ? {} : { registryPath: this.where.registryPath },
      );
    } catch (error) {
      this.#problem = innerWords('reason.policy.systemUnreadable', {
        detail: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.#firstReport,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.firstReadMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  }
}
