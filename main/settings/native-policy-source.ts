import type { Logger } from '../logging/logger';
import type { PolicyRead, PolicySource } from './policy-source';
import { nativePolicyValues, POLICY_SETTINGS, type PolicyValueKind } from './policy-settings';

/** How long the first reading of the system's policy may take before it counts as unreadable. */
const FIRST_READ_MS = 10_000;

type Value = string | number | boolean | undefined;

/** What the system's policy library offers: VS Code's `@vscode/policy-watcher`. */
export type PolicyWatcherLibrary = {
  createWatcher(
    productName: string,
    policies: Record<string, { type: 'string' | 'number' | 'boolean' }>,
    onDidChange: (update: Record<string, Value>) => void,
    options?: { registryPath?: string },
  ): { dispose(): void };
};

/** The library's type for each kind of policy value (objects travel as JSON text). */
const libraryType = (kind: PolicyValueKind): 'string' | 'number' | 'boolean' =>
  kind === 'json' ? 'string' : kind;

/** Loads the native library only where it is used (Windows, macOS); it is an optional dependency. */
export const loadPolicyWatcher = async (): Promise<PolicyWatcherLibrary> =>
  import('@vscode/policy-watcher');

/**
 * The policy Windows Group Policy writes to the registry (HKLM, then HKCU for a value HKLM lacks)
 * or an MDM profile puts in macOS managed preferences, read and watched by VS Code's
 * `@vscode/policy-watcher`. It reports every set value on start and again on each change; this
 * keeps the last report and converts it (`nativePolicyValues`).
 */
export class NativePolicySource implements PolicySource {
  #latest: Record<string, Value> | undefined;
  #started: Promise<void> | undefined;
  #watcher: { dispose(): void } | undefined;
  #problem: string | undefined;
  readonly #listeners = new Set<() => void>();
  readonly #firstReport: Promise<void>;
  #reported: () => void = () => undefined;

  constructor(
    readonly origin: string,
    private readonly where: { readonly productName: string; readonly registryPath?: string },
    private readonly logger: Logger,
    private readonly load: () => Promise<PolicyWatcherLibrary> = loadPolicyWatcher,
  ) {
    this.#firstReport = new Promise((resolve) => (this.#reported = resolve));
  }

  async read(): Promise<PolicyRead> {
    await this.#start();
    if (this.#problem !== undefined) return { kind: 'unreadable', problem: this.#problem };
    const latest = this.#latest;
    if (latest === undefined)
      return { kind: 'unreadable', problem: 'the system did not answer when asked for it' };
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
      this.#problem = 'this installation lacks its reader of system policies; reinstall the app';
      return;
    }
    const policies = Object.fromEntries(
      Object.entries(POLICY_SETTINGS).map(([name, kind]) => [name, { type: libraryType(kind) }]),
    );
    try {
      this.#watcher = library.createWatcher(
        this.where.productName,
        policies,
        (update) => {
          const first = this.#latest === undefined;
          this.#latest = update;
          this.#reported();
          if (!first) for (const listener of this.#listeners) listener();
        },
        this.where.registryPath === undefined ? {} : { registryPath: this.where.registryPath },
      );
    } catch (error) {
      this.#problem = `the system's policies cannot be read (${error instanceof Error ? error.message : String(error)})`;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.#firstReport,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, FIRST_READ_MS);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  }
}
