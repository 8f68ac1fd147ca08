import type { PhotoServiceClient } from '../api/photo-service-client';
import { NetworkError } from '../http/network-error';
import type { Logger } from '../logging/logger';

/** Offline: probe again after 1 s, doubling to 30 s. */
const MAX_PROBE_MS = 30_000;

/**
 * While the Photo Service cannot be reached: one probe at a time (a cheap request over fresh
 * connections), after 1 s, doubling to 30 s, until the service answers. The engine's lanes wait
 * for it (`waitAWhile`) instead of each trying the network.
 */
export class OfflineProbe {
  #online: Promise<void> | undefined;
  /** Cuts the probe's wait short. */
  #probeSoon: AbortController | undefined;

  constructor(
    private readonly api: Pick<PhotoServiceClient, 'replacePool' | 'listProjects'>,
    private readonly wait: (ms: number, signal?: AbortSignal) => Promise<void>,
    private readonly logger: Logger,
    /** Told when the engine goes offline and when it may run again. */
    private readonly onChange: (condition: 'offline' | 'running') => void,
  ) {}

  /** Whether the service is out of reach (a probe is under way). */
  get offline(): boolean {
    return this.#online !== undefined;
  }

  /**
   * While offline: waits until the probe finds the service again, `MAX_PROBE_MS` at most, or
   * until `signal` aborts (a quit must not wait for the network).
   */
  async waitAWhile(signal?: AbortSignal): Promise<void> {
    const backOnline = this.#online;
    if (backOnline === undefined) return;
    const probed = new AbortController();
    await Promise.race([
      backOnline.finally(() => probed.abort()),
      this.wait(MAX_PROBE_MS, signal ? AbortSignal.any([signal, probed.signal]) : probed.signal),
    ]);
  }

  /** Marks the engine offline and starts one probe that brings it back when the service answers. */
  goOffline(): void {
    if (this.#online) return;
    this.onChange('offline');
    this.logger.warn('the Photo Service cannot be reached; uploads wait and resume by themselves');
    this.#online = (async () => {
      for (let attempt = 0; ; attempt += 1) {
        this.#probeSoon = new AbortController();
        await this.wait(Math.min(MAX_PROBE_MS, 1000 * 2 ** attempt), this.#probeSoon.signal);
        try {
          this.api.replacePool();
          await this.api.listProjects({ perPage: 1 });
          break;
        } catch (error) {
          if (!(error instanceof NetworkError)) break;
        }
      }
      this.#online = undefined;
      this.onChange('running');
      this.logger.info('the Photo Service answers again; uploads resume');
    })();
  }

  /** Probes now instead of after the current wait (the network changed, the computer woke). */
  probeNow(): void {
    this.#probeSoon?.abort();
  }
}
