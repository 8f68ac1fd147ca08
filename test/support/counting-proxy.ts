import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/** A forwarding proxy on loopback that counts what it forwarded, by target `host:port`. */
export type CountingProxy = {
  /** `http://127.0.0.1:PORT`, for HTTPS_PROXY and HTTP_PROXY. */
  readonly url: string;
  /** CONNECT tunnels opened (https), by target. */
  readonly tunnels: Map<string, number>;
  /** Plain http requests forwarded (absolute URI), by target. */
  readonly forwarded: Map<string, number>;
  close(): Promise<void>;
};

function count(counts: Map<string, number>, target: string): void {
  counts.set(target, (counts.get(target) ?? 0) + 1);
}

/**
 * A real HTTP proxy as offices run them: `CONNECT host:port` opens a tunnel (https), and a
 * request with an absolute URI is sent on to its server (http). Only loopback targets are served.
 */
export async function startCountingProxy(): Promise<CountingProxy> {
  const tunnels = new Map<string, number>();
  const forwarded = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((incoming, answer) => {
    const target = URL.canParse(incoming.url ?? '') ? new URL(incoming.url ?? '') : undefined;
    if (target === undefined || target.hostname !== '127.0.0.1') {
      answer.writeHead(400).end('absolute http URI to 127.0.0.1 expected');
      return;
    }
    count(forwarded, target.host);
    const outgoing = httpRequest(
      target,
      { method: incoming.method, headers: incoming.headers },
      (upstream) => {
        answer.writeHead(upstream.statusCode ?? 502, upstream.headers);
        upstream.pipe(answer);
      },
    );
    outgoing.on('error', () => answer.destroy());
    incoming.pipe(outgoing);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('connect', (incoming, client: Socket, head: Buffer) => {
    const [host, port] = (incoming.url ?? '').split(':');
    if (host !== '127.0.0.1' || port === undefined) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    count(tunnels, `${host}:${port}`);
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    forwarded,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
