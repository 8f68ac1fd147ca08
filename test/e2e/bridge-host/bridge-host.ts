import { timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { createIpcDispatcher } from '../../../shared/ipc/dispatcher';
import {
  SOCKET_PATH,
  SOCKET_RENDITION_PATH,
  SOCKET_THUMBNAIL_PATH,
  type SocketMessage,
  type SocketRequest,
} from '../../../shared/ipc/socket-protocol';
import type { AppCore } from '../../../main/core/app-core';
import { receiveDrop, type WindowFrontEnd } from '../../../main/desktop/window-front-end';
import {
  contentSecurityPolicy,
  mapTileImageSources,
} from '../../../main/desktop/content-security-policy';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
};

/** A running bridge host. */
export type BridgeHost = {
  /** Open this in Chromium: the renderer, with the token in the fragment. */
  readonly url: string;
  readonly origin: string;
  readonly token: string;
  close(): Promise<void>;
};

function sameToken(given: string | null, token: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Serves the built renderer and the core's handler map over a loopback WebSocket, so that
 * Playwright drives the real renderer against the real core in Chromium. The same dispatcher as
 * Electron's IPC checks every call; a connection counts as the app window only with the host's
 * token and from the host's own origin.
 */
export async function startBridgeHost(options: {
  readonly core: AppCore;
  /** What the page may do without asking (the window's rules, with scripted answers). */
  readonly frontEnd: WindowFrontEnd;
  /**
   * Where the items of the page's next drop live, as the OS would tell the preload (queued by
   * the test); `files` items fell. Unlocated items are empty strings.
   */
  readonly nextDrop: (files: number) => string[];
  readonly rendererDir: string;
  readonly token: string;
  readonly port?: number;
  /** Test hooks under `/control/` (token required), e.g. the scripted file chooser. */
  readonly control?: (path: string, body: unknown) => Promise<unknown>;
}): Promise<BridgeHost> {
  const { core, rendererDir, token } = options;
  const handlers = core.handlersFor(options.frontEnd);
  const dispatch = createIpcDispatcher(handlers, (channel, error) =>
    process.stderr.write(`bridge-host: ${channel} failed unexpectedly: ${String(error)}\n`),
  );
  // As Electron's preload does: the drop's paths come from "the OS", never from the page.
  const drop = (files: number, assumedZone: string) =>
    receiveDrop(
      options.frontEnd,
      handlers,
      { paths: options.nextDrop(files), assumedZone },
      { trusted: true },
      (error) =>
        process.stderr.write(`bridge-host: a drop failed unexpectedly: ${String(error)}\n`),
      (path) => core.openSetupFile(path, options.frontEnd),
    );
  let origin = '';

  const serveFile = async (response: ServerResponse, path: string) => {
    const file = normalize(join(rendererDir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(rendererDir + sep)) return void response.writeHead(404).end();
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': contentSecurityPolicy({
          // As the app: the map's tile origin from the settings, read on every load; service
          // renditions come through `/renditions/` on the host's own origin.
          images: mapTileImageSources(core.settings.get()),
          connect: [origin.replace(/^http/, 'ws')],
        }),
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store',
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  };

  const serveThumbnail = async (response: ServerResponse, url: URL) => {
    const md5 = /^\/([0-9a-f]{32})\.jpg$/.exec(url.pathname.slice(SOCKET_THUMBNAIL_PATH.length));
    if (!sameToken(url.searchParams.get('token'), token)) return void response.writeHead(403).end();
    const file = md5 ? await core.thumbnail(md5[1] ?? '') : undefined;
    if (file === undefined) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'max-age=3600' });
    createReadStream(file).pipe(response);
  };

  // As Electron's `thumb://service/<id>`: the page names a listed photo, the core fetches it.
  const serveRendition = async (response: ServerResponse, url: URL) => {
    const id = /^\/([A-Za-z0-9_-]{1,64})$/.exec(url.pathname.slice(SOCKET_RENDITION_PATH.length));
    if (!sameToken(url.searchParams.get('token'), token)) return void response.writeHead(403).end();
    const rendition = id?.[1] === undefined ? undefined : await core.rendition(id[1]);
    if (rendition === undefined) return void response.writeHead(404).end();
    response.writeHead(200, {
      'content-type': rendition.contentType,
      'cache-control': 'max-age=3600',
      'x-content-type-options': 'nosniff',
    });
    response.end(rendition.bytes);
  };

  const serveControl = async (request: IncomingMessage, response: ServerResponse, path: string) => {
    if (request.headers.authorization !== `Bearer ${token}` || options.control === undefined)
      return void response.writeHead(403).end();
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const answer = await options.control(path, text === '' ? undefined : JSON.parse(text));
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer ?? null));
  };

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', origin);
    const work = url.pathname.startsWith(`${SOCKET_THUMBNAIL_PATH}/`)
      ? serveThumbnail(response, url)
      : url.pathname.startsWith(`${SOCKET_RENDITION_PATH}/`)
        ? serveRendition(response, url)
        : url.pathname.startsWith('/control/') && request.method === 'POST'
          ? serveControl(request, response, url.pathname.slice('/control/'.length))
          : request.method === 'GET'
            ? serveFile(response, url.pathname)
            : Promise.resolve(void response.writeHead(405).end());
    work.catch((error: unknown) => {
      process.stderr.write(`bridge-host: ${String(error)}\n`);
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: 8 * 1024 * 1024 });
  server.on('upgrade', (request, socket, head) => {
    const url = new URL(request.url ?? '/', origin);
    const trusted =
      url.pathname === SOCKET_PATH &&
      request.headers.origin === origin &&
      sameToken(url.searchParams.get('token'), token);
    if (!trusted) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(request, socket, head, (client) => sockets.emit('connection', client));
  });

  const send = (client: WebSocket, message: SocketMessage) => {
    if (client.readyState === client.OPEN) client.send(JSON.stringify(message));
  };
  const stopEvents = core.onEvent((event, payload) => {
    for (const client of sockets.clients) send(client, { type: 'event', event, payload });
  });
  sockets.on('connection', (client) => {
    client.on('message', (data) => {
      let request: SocketRequest;
      try {
        request = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : '') as SocketRequest;
      } catch {
        return;
      }
      const answer =
        request.type === 'drop'
          ? drop(request.files, request.assumedZone)
          : dispatch(request.channel, request.input, { trusted: true });
      void answer.then((result) => send(client, { type: 'result', id: request.id, result }));
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}/#token=${token}`,
    origin,
    token,
    async close() {
      stopEvents();
      for (const client of sockets.clients) client.terminate();
      sockets.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
