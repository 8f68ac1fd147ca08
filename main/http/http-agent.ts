import type { LookupFunction } from 'node:net';
import { type Agent, type Dispatcher, EnvHttpProxyAgent } from 'undici';
import type { Logger } from '../logging/logger';
import {
  ProxyRoutingDispatcher,
  type ProxyResolver,
  routeAgents,
} from './proxy-routing-dispatcher';

/** Time limits for one request, in milliseconds. */
export type HttpTimeouts = {
  readonly connectMs: number;
  readonly headersMs: number;
  readonly bodyMs: number;
};

export const DEFAULT_TIMEOUTS: HttpTimeouts = {
  connectMs: 10_000,
  headersMs: 30_000,
  bodyMs: 60_000,
};

/**
 * How requests leave this computer. `proxy`: the system's answer per URL (the app, through
 * Electron) or `HTTPS_PROXY`/`HTTP_PROXY`/`NO_PROXY` as curl reads them (the command line).
 * `ca`: every certificate authority to trust (PEM); Node's defaults when absent.
 */
export type NetworkOptions = {
  readonly proxy:
    | { readonly kind: 'environment' }
    | { readonly kind: 'system'; readonly resolver: ProxyResolver; readonly logger: Logger };
  readonly ca?: readonly string[];
  /**
   * How direct connections resolve host names (the rendition fetcher's check of the addresses it
   * connects to); the system's resolver when absent. Connections to a proxy never use it: the
   * proxy is the organisation's, on whatever address it has.
   */
  readonly lookup?: LookupFunction;
};

/** A dispatcher that can be closed (its connections dropped) when it is replaced. */
export type HttpAgent = Dispatcher & { close(): Promise<void> };

const ENVIRONMENT: NetworkOptions = { proxy: { kind: 'environment' } };

/**
 * The one place that decides how a request of the core goes out: through which proxy, trusting
 * which certificates, with connect, header and body timeouts. Replace it after a network change.
 */
export function createHttpAgent(
  network: NetworkOptions = ENVIRONMENT,
  timeouts: HttpTimeouts = DEFAULT_TIMEOUTS,
): HttpAgent {
  const tls = {
    timeout: timeouts.connectMs,
    ...(network.ca === undefined ? {} : { ca: [...network.ca] }),
  };
  const options: Agent.Options = {
    connect: network.lookup === undefined ? tls : { ...tls, lookup: network.lookup },
    headersTimeout: timeouts.headersMs,
    bodyTimeout: timeouts.bodyMs,
    keepAliveTimeout: 10_000,
  };
  if (network.proxy.kind === 'system')
    return new ProxyRoutingDispatcher(
      network.proxy.resolver,
      routeAgents(options, tls),
      network.proxy.logger,
    );
  // A plain http request goes to the proxy as curl sends it (absolute URI); https tunnels (CONNECT).
  return new EnvHttpProxyAgent({ ...options, requestTls: tls, proxyTls: tls, proxyTunnel: false });
}
