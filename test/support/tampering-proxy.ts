import { createServer, request as forward } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running tampering proxy. */
export type TamperingProxy = {
  /** Point the app's API address here. */
  readonly origin: string;
  close(): Promise<void>;
};

/**
 * A service that breaks its promises: a loopback proxy in front of the real local service that
 * passes every request through and, in JSON answers, replaces each marker text with raw HTML
 * that the real service would never store (the tests' stand-in for a compromised or careless
 * service). `replacements` maps marker → HTML.
 */
export async function startTamperingProxy(
  target: string,
  replacements: Readonly<Record<string, string>>,
): Promise<TamperingProxy> {
  const upstream = new URL(target);
  const server = createServer((request, response) => {
    const outgoing = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: upstream.host },
      },
      (answer) => {
        const json = (answer.headers['content-type'] ?? '').includes('json');
        if (!json) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          let body = Buffer.concat(chunks).toString('utf8');
          for (const [marker, html] of Object.entries(replacements))
            body = body.replaceAll(marker, JSON.stringify(html).slice(1, -1));
          const headers = { ...answer.headers, 'content-length': String(Buffer.byteLength(body)) };
          delete headers['transfer-encoding'];
          response.writeHead(answer.statusCode ?? 502, headers);
          response.end(body);
        });
      },
    );
    outgoing.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
