import type { Locales } from '../../shared/i18n/locales';
import { join } from 'node:path';
import type { Clock } from '../../shared/domain/clock';
import { createHttpAgent, type HttpAgent } from '../http/http-agent';
import { networkFor } from '../http/trusted-certificates';
import { UploadEngine } from '../queue/upload-engine';
import type { Settings } from '../settings/settings-store';
import type { PhotoHost } from '../staging/photo-host';
import type { AppCoreOptions } from './app-core-options';
import { connectService, openHostOrWait } from './core-configuration';
import type { CoreParts } from './core-parts';
import { notReadyReason } from './settings-view';
import { engineOptions, type ServiceConnection } from './service-connection';

// `buildCoreParts` makes what lives as long as the core; this module keeps what is rebuilt each
// time the settings in effect change (the CA file, the service, the photo host, the engine's
// options). Apart from `AppCore` so the core only decides *when* to apply settings (in order, one
// at a time) and who is told, while the order of tearing down and opening lives here.

/** What the rebuilt parts are made with: the core's options and its long-lived parts. */
export type ConfiguredDeps = {
  readonly options: AppCoreOptions;
  readonly clock: Clock;
  readonly parts: Pick<CoreParts, 'refreshLock' | 'store' | 'workers' | 'renditions' | 'runner'>;
  /** Whether the computer runs on battery now: an engine that pauses on battery asks each time. */
  readonly onBattery: () => boolean;
  /** The session of the current connection changed (signed in, out, expired): tell listeners. */
  readonly sessionChanged: () => void;
  /** The app's language now (the browser's tab after a loopback sign-in speaks it). */
  readonly locale: () => Locales;
};

/**
 * The parts of the core built from the settings in effect: the network that carries its
 * requests, the connection to the service, the photo host, the upload engine the queue runner
 * uses, and why none runs. `apply` rebuilds them all; the caller serialises calls to it.
 */
export class ConfiguredParts {
  /** Carries every request of the core; rebuilt when the settings (the CA file) change. */
  #dispatcher: HttpAgent = createHttpAgent();
  /**
   * Carries the fetches of the service's renditions: the same network, but its direct
   * connections resolve through `ServiceRenditions.lookup`, which refuses private addresses for a
   * service elsewhere. Apart from `#dispatcher`: the service's own API may be on the LAN.
   */
  #renditionDispatcher: HttpAgent;
  #connection: ServiceConnection | undefined;
  #host: (PhotoHost & { close?(): void }) | undefined;
  /** Why no upload engine runs, in the user's words; undefined when one does. */
  #notReady: string | undefined;

  constructor(private readonly deps: ConfiguredDeps) {
    this.#renditionDispatcher = createHttpAgent({
      proxy: { kind: 'environment' },
      lookup: deps.parts.renditions.lookup,
    });
  }

  /** What carries the core's requests now (its proxy and certificate choices). */
  get dispatcher(): HttpAgent {
    return this.#dispatcher;
  }

  /** What carries the fetches of the service's renditions now. */
  get renditionDispatcher(): HttpAgent {
    return this.#renditionDispatcher;
  }

  /** The current connection to the service, if one is configured. */
  get connection(): ServiceConnection | undefined {
    return this.#connection;
  }

  /** The photo host, if one is configured and has its keys. */
  get host(): PhotoHost | undefined {
    return this.#host;
  }

  /** Why the queue cannot run now (no service, no photo host, no keys); undefined when it can. */
  get notReady(): string | undefined {
    return this.#notReady;
  }

  /**
   * Rebuilds everything from `saved`: the engine stops first (in-flight steps finish and are
   * journaled), the old connection and host close, then the network, the connection (its session
   * restored from the keychain), the host and a new engine for the runner, when both are there.
   * Not reentrant: `AppCore.reconfigure` calls it one change at a time.
   */
  async apply(saved: Settings): Promise<void> {
    const { options, clock, parts } = this.deps;
    await parts.runner.useEngine(undefined);
    await this.#connection?.close();
    this.#connection = undefined;
    this.#host?.close?.();
    this.#host = undefined;
    const { logger } = options;
    const { network, caProblem } = networkFor(
      saved.caFile,
      options.proxyResolver,
      logger.child('network'),
    );
    const pool = () => createHttpAgent(network);
    const previous = this.#dispatcher;
    this.#dispatcher = pool();
    void previous.close().catch(() => undefined);
    const previousRenditions = this.#renditionDispatcher;
    this.#renditionDispatcher = createHttpAgent({ ...network, lookup: parts.renditions.lookup });
    void previousRenditions.close().catch(() => undefined);
    const connection = await connectService(saved, {
      options,
      clock,
      dispatcher: this.#dispatcher,
      createPool: pool,
      refreshLock: parts.refreshLock,
      locale: this.deps.locale,
    });
    if (connection !== undefined) {
      connection.session.onChange(() => {
        this.deps.sessionChanged();
        // A new sign-in lets a queue that was waiting for one go on.
        if (connection.session.snapshot().state === 'signed-in') parts.runner.kick();
      });
      this.#connection = connection;
    }
    if (saved.photoHost !== undefined)
      this.#host = await openHostOrWait(saved.photoHost, {
        options,
        clock,
        dispatcher: this.#dispatcher,
      });
    const api = this.#connection?.api;
    this.#notReady = notReadyReason({
      caProblem,
      service: this.#connection !== undefined,
      api: api !== undefined,
      hostConfigured: saved.photoHost !== undefined,
      host: this.#host !== undefined,
    });
    await parts.runner.useEngine(
      api && this.#host
        ? new UploadEngine(parts.store, api, this.#host, clock, logger.child('engine'), {
            ...engineOptions(saved),
            onBattery: saved.pauseOnBattery === true ? this.deps.onBattery : undefined,
            conversion: {
              convert: (request) => parts.workers.convertToJpeg(request),
              stagingDir: join(options.dataDir, 'staging'),
              keepOriginals: saved.keepOriginals ?? false,
            },
          })
        : undefined,
    );
  }

  /**
   * Closes the connection to the service and the photo host. The network stays open: the
   * core's long-lived parts may still use it until `closeNetwork`.
   */
  async closeService(): Promise<void> {
    await this.#connection?.close();
    this.#host?.close?.();
  }

  /** Closes the connection pools of the core's requests and of the rendition fetches. */
  async closeNetwork(): Promise<void> {
    await this.#dispatcher.close();
    await this.#renditionDispatcher.close();
  }
}
