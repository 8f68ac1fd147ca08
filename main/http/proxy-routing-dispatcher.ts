import { Agent, Dispatcher, ProxyAgent } from 'undici';
import type { Logger } from '../logging/logger';
import { parseProxyAnswer, type ProxyRoute } from './proxy-answer';

/**
 * Asks the system which proxy serves a URL. The answer is Chromium's, as a PAC file gives it:
 * `DIRECT`, `PROXY host:port; DIRECT`, `HTTPS host:port`, `SOCKS5 host:port`…
 */
export interface ProxyResolver {
  resolve(url: string): Promise<string>;
}

/** Builds the dispatcher for one route: the direct agent or a proxy agent. */
export type RouteAgents = {
  readonly direct: () => Dispatcher;
  readonly proxy: (uri: string) => Dispatcher;
};

/**
 * A dispatcher that sends each request the way the system proxy settings say for its origin:
 * the resolver is asked once per origin (its answer parsed by `parseProxyAnswer`), then every
 * request to that origin goes through the same agent. A resolver that fails means direct, with a
 * log line, as does an answer with nothing usable (SOCKS).
 */
export class ProxyRoutingDispatcher extends Dispatcher {
  readonly #routes = new Map<string, Promise<Dispatcher>>();
  readonly #agents = new Map<string, Dispatcher>();
  #closed = false;

  constructor(
    private readonly resolver: ProxyResolver,
    private readonly build: RouteAgents,
    private readonly logger: Logger,
  ) {
    super();
  }

  /** The route the resolver gives for `origin` (asked once per origin). */
  async routeFor(origin: string): Promise<ProxyRoute> {
    let answer: string;
    try {
      answer = await this.resolver.resolve(`${origin}/`);
    } catch (error) {
      this.logger.warn('the system proxy could not be resolved; connecting directly', {
        origin,
        error: error instanceof Error ? error.message : String(error),
      });
      return { kind: 'direct' };
    }
    const { route, unsupported } = parseProxyAnswer(answer);
    if (unsupported.length > 0)
      this.logger.warn('skipped proxies this app cannot use', { origin, unsupported });
    return route;
  }

  override dispatch(
    options: Dispatcher.DispatchOptions,
    handler: Dispatcher.DispatchHandler,
  ): boolean {
    const origin = new URL(String(options.origin)).origin;
    let agent = this.#routes.get(origin);
    if (agent === undefined) {
      agent = this.routeFor(origin).then((route) => this.#agentFor(route));
      this.#routes.set(origin, agent);
    }
    void agent.then((chosen) => {
      try {
        chosen.dispatch(options, handler);
      } catch (error) {
        fail(handler, error instanceof Error ? error : new Error(String(error)));
      }
    });
    return true;
  }

  override async close(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#agents.values()].map((agent) => agent.close()));
  }

  override async destroy(): Promise<void> {
    this.#closed = true;
    await Promise.all([...this.#agents.values()].map((agent) => agent.destroy()));
  }

  /** One agent per route, shared by every origin that takes it. */
  #agentFor(route: ProxyRoute): Dispatcher {
    const key = route.kind === 'direct' ? 'DIRECT' : route.uri;
    let agent = this.#agents.get(key);
    if (agent === undefined) {
      agent = route.kind === 'direct' ? this.build.direct() : this.build.proxy(route.uri);
      // Closed while the resolver was asked: the new agent is closed too, so the request fails.
      if (this.#closed) void agent.close();
      this.#agents.set(key, agent);
    }
    return agent;
  }
}

/** Tells a handler its request failed, in whichever handler style it speaks. */
function fail(handler: Dispatcher.DispatchHandler, error: Error): void {
  if (handler.onError) handler.onError(error);
  else
    handler.onResponseError?.(
      {
        abort: () => undefined,
        pause: () => undefined,
        resume: () => undefined,
        paused: false,
        aborted: true,
        reason: error,
      },
      error,
    );
}

/**
 * The agents a `ProxyRoutingDispatcher` uses, with these options for every connection; `tls`
 * (certificates, timeout) for the connections to a proxy and through it, which never take the
 * direct connections' `lookup`.
 */
export function routeAgents(
  options: Agent.Options,
  tls: NonNullable<ProxyAgent.Options['proxyTls']>,
): RouteAgents {
  return {
    direct: () => new Agent(options),
    proxy: (uri) =>
      new ProxyAgent({ ...options, uri, requestTls: tls, proxyTls: tls, proxyTunnel: false }),
  };
}
