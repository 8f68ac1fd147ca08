import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { isOwnHost, misdirectedMessage } from '../own-host';
import type { PhotoStore } from '../store/photo-store';
import { ImageVariants, isVariant } from './image-variants';

/** A second loopback listener that serves only the photos' renditions, as a CDN would. */
export type FilesOrigin = {
  /** `http(s)://127.0.0.1:PORT`: what the Photo JSON's `uris` point at. */
  readonly origin: string;
  close(): Promise<void>;
};

const FILE_PATH = /^\/files\/([^/]+)\/([^/]+)$/;

/**
 * Starts the files origin (`--cdn`): `GET /files/:id/:variant` on its own port, so the app sees
 * rendition addresses on another origin than the API's. Like the browse routes it answers only
 * when `Host` names it (DNS rebinding), and nothing else is served there.
 */
export async function startFilesOrigin(
  photos: PhotoStore,
  host: string,
  certificate?: { readonly cert: string; readonly key: string },
): Promise<FilesOrigin> {
  const variants = new ImageVariants();
  let port = 0;
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    if (!isOwnHost(request.headers.host, port)) {
      response.writeHead(421, { 'content-type': 'application/json' });
      return void response.end(JSON.stringify({ errors: [misdirectedMessage(port)] }));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return void response.writeHead(405).end();
    const [, id, variant] = FILE_PATH.exec(new URL(request.url ?? '/', 'http://x').pathname) ?? [];
    const photo = id === undefined ? undefined : photos.photo(id);
    const rendition =
      photo && variant !== undefined && isVariant(variant)
        ? variants.rendition(photo, variant)
        : undefined;
    if (rendition === undefined) {
      response.writeHead(404, { 'content-type': 'application/json' });
      return void response.end(JSON.stringify({ errors: ['Record not found'] }));
    }
    const { bytes, mediaType } = await rendition;
    response.writeHead(200, {
      'content-type': mediaType,
      'content-length': bytes.length,
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    response.end(request.method === 'HEAD' ? undefined : bytes);
  };
  const handler = (request: IncomingMessage, response: ServerResponse) =>
    void answer(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  const server: Server = certificate
    ? createTlsServer({ cert: certificate.cert, key: certificate.key }, handler)
    : createServer(handler);
  const address = await new Promise<AddressInfo>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve(server.address() as AddressInfo));
  });
  port = address.port;
  const name = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    origin: `${certificate ? 'https' : 'http'}://${name}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
