import type { FaultRules } from './admin/fault-rules';
import type { RequestStats } from './admin/request-stats';
import type { RateLimiter } from './api/rate-limiter';
import type { ServiceClock } from './clock';
import type { DemoClients, OAuthClient } from './oauth/clients';
import type { GrantStore } from './oauth/grant-store';
import type { PhotoServiceOptions } from './options';
import type { PhotoProcessor } from './processing/photo-processor';
import type { PhotoStore } from './store/photo-store';

/** Everything the routes share: options, time, registrations, stores and test controls. */
export type ServiceContext = {
  readonly options: PhotoServiceOptions;
  readonly clock: ServiceClock;
  readonly clients: DemoClients;
  readonly grants: GrantStore;
  readonly photos: PhotoStore;
  readonly processor: PhotoProcessor;
  readonly faults: FaultRules;
  readonly stats: RequestStats;
  readonly limiter: RateLimiter;
  /** The secret every control-API request must present as `Authorization: Bearer …`. */
  readonly adminToken: string;
  /** `http://127.0.0.1:PORT`, known once the server listens. */
  readonly origin: () => string;
  /** Where the photos' renditions are served: the files origin with `--cdn`, else `origin`. */
  readonly filesOrigin: () => string;
};

/** The registered client with this id, if any. */
export function findClient(
  context: ServiceContext,
  id: string | undefined,
): OAuthClient | undefined {
  return [context.clients.confidential, context.clients.public].find((client) => client.id === id);
}
