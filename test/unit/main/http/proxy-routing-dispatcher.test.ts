import { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/logging/logger';
import {
  ProxyRoutingDispatcher,
  type ProxyResolver,
  type RouteAgents,
} from '../../../../main/http/proxy-routing-dispatcher';

/** A dispatcher that records the origins sent to it and fails each request with its own name. */
class RecordingDispatcher extends Dispatcher {
  readonly origins: string[] = [];
  closed = false;

  constructor(readonly label: string) {
    super();
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
    this.origins.push(String(options.origin));
    handler.onError?.(new Error(this.label));
    return true;
  }

  override close(): Promise<void> {
    this.closed = true;
    return Promise.resolve();
  }
}

/** Fake route agents: one recorder for direct, one per proxy URI. */
function recordingAgents() {
  const made = new Map<string, RecordingDispatcher>();
  const get = (key: string) => {
    let agent = made.get(key);
    if (agent === undefined) {
      agent = new RecordingDispatcher(key);
      made.set(key, agent);
    }
    return agent;
  };
  const agents: RouteAgents = { direct: () => get('DIRECT'), proxy: (uri) => get(uri) };
  return { agents, made };
}

/** A resolver answering from a table, counting the questions. */
function tableResolver(table: Record<string, string | Error>) {
  const asked: string[] = [];
  const resolver: ProxyResolver = {
    resolve(url) {
      asked.push(url);
      const answer = table[new URL(url).origin] ?? 'DIRECT';
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
  };
  return { resolver, asked };
}

/** Sends one request through `dispatcher`; resolves with the agent that took it. */
function send(dispatcher: Dispatcher, origin: string): Promise<string> {
  return new Promise((resolve) => {
    dispatcher.dispatch(
      { origin, path: '/x?y=1', method: 'GET' },
      { onError: (error: Error) => resolve(error.message) },
    );
  });
}

describe('ProxyRoutingDispatcher', () => {
  it('sends each origin the way the resolver says, asking once per origin', async () => {
    const { resolver, asked } = tableResolver({
      'https://api.example.com': 'PROXY proxy.corp:8080; DIRECT',
      'https://s3.example.com': 'HTTPS secure.corp:8443',
      'http://intranet.corp': 'DIRECT',
    });
    const { agents, made } = recordingAgents();
    const dispatcher = new ProxyRoutingDispatcher(resolver, agents, silentLogger);

    expect(await send(dispatcher, 'https://api.example.com')).toBe('http://proxy.corp:8080');
    expect(await send(dispatcher, 'https://api.example.com')).toBe('http://proxy.corp:8080');
    expect(await send(dispatcher, 'https://s3.example.com')).toBe('https://secure.corp:8443');
    expect(await send(dispatcher, 'http://intranet.corp')).toBe('DIRECT');
    expect(asked).toEqual([
      'https://api.example.com/',
      'https://s3.example.com/',
      'http://intranet.corp/',
    ]);
    expect(made.get('http://proxy.corp:8080')?.origins).toEqual([
      'https://api.example.com',
      'https://api.example.com',
    ]);
  });

  it('shares one agent between origins with the same proxy', async () => {
    const { resolver } = tableResolver({
      'https://a.example.com': 'PROXY proxy.corp:8080',
      'https://b.example.com': 'PROXY proxy.corp:8080',
    });
    const { agents, made } = recordingAgents();
    const dispatcher = new ProxyRoutingDispatcher(resolver, agents, silentLogger);
    await send(dispatcher, 'https://a.example.com');
    await send(dispatcher, 'https://b.example.com');
    expect([...made.keys()]).toEqual(['http://proxy.corp:8080']);
  });

  it('goes direct when the resolver fails or answers only SOCKS', async () => {
    const { resolver } = tableResolver({
      'https://broken.example.com': new Error('PAC script failed'),
      'https://socks.example.com': 'SOCKS5 socks.corp:1080',
    });
    const { agents } = recordingAgents();
    const dispatcher = new ProxyRoutingDispatcher(resolver, agents, silentLogger);
    expect(await send(dispatcher, 'https://broken.example.com')).toBe('DIRECT');
    expect(await send(dispatcher, 'https://socks.example.com')).toBe('DIRECT');
  });

  it('closes every agent it made', async () => {
    const { resolver } = tableResolver({ 'https://a.example.com': 'PROXY proxy.corp:8080' });
    const { agents, made } = recordingAgents();
    const dispatcher = new ProxyRoutingDispatcher(resolver, agents, silentLogger);
    await send(dispatcher, 'https://a.example.com');
    await send(dispatcher, 'https://b.example.com');
    await dispatcher.close();
    expect([...made.values()].map((agent) => agent.closed)).toEqual([true, true]);
  });
});
