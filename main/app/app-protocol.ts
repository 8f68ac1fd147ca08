import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { APP_SCHEME, THUMBNAIL_SCHEME } from '../../shared/ipc/bridge';
import type { AppCore } from '../core/app-core';
import { routeAppRequest, routeThumbnailRequest } from '../desktop/app-requests';
import { contentSecurityPolicy } from '../desktop/content-security-policy';

export { APP_ORIGIN } from '../core/navigation-rules';

/**
 * Declares the app's schemes before the app is ready: `app:` behaves like a secure web origin
 * (relative URLs, fetch, storage); `thumb:` only serves images.
 */
export function registerAppSchemes(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
    { scheme: THUMBNAIL_SCHEME, privileges: { standard: true, secure: true } },
  ]);
}

const refuse = (status: number) => new Response(null, { status });

/**
 * Serves the built renderer from `rendererDir` (inside the asar) on `app://renderer/`, with a
 * strict Content-Security-Policy on every answer: images only from the app, `thumb:` (main
 * fetches the service's renditions itself) and the map's one configured tile origin. What is refused, and why, is
 * decided by `routeAppRequest`; nothing here throws into Electron.
 */
export function serveRenderer(
  rendererDir: string,
  /** The remote image origins allowed now (the map's tiles), read on every answer. */
  tileOrigins: () => readonly string[],
): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const route = routeAppRequest(request.url, request.method, rendererDir);
    if (route.kind === 'refuse') return refuse(route.status);
    try {
      const answer = await net.fetch(pathToFileURL(route.path).href);
      if (!answer.ok) return refuse(404);
      return new Response(answer.body, {
        status: 200,
        headers: {
          'content-type': route.contentType,
          'content-security-policy': contentSecurityPolicy({
            images: [`${THUMBNAIL_SCHEME}:`, ...tileOrigins()],
            connect: [],
          }),
          'x-content-type-options': 'nosniff',
        },
      });
    } catch {
      return refuse(404);
    }
  });
}

/**
 * Serves thumbnails on `thumb://photo/<md5>.jpg`: the window names a photo by its MD5, and only
 * photos taken in during this session are served. It never sees or sends a file path. On
 * `thumb://service/<photo id>` it serves the service's rendition of a listed photo, which the
 * core fetched: the window never sees or sends the rendition's address.
 */
export function serveThumbnails(core: Pick<AppCore, 'thumbnail' | 'rendition'>): void {
  protocol.handle(THUMBNAIL_SCHEME, async (request) => {
    const route = routeThumbnailRequest(request.url, request.method);
    if (route.kind === 'refuse') return refuse(route.status);
    if (route.kind === 'rendition') {
      const rendition = await core.rendition(route.photoId);
      if (rendition === undefined) return refuse(404);
      return new Response(new Uint8Array(rendition.bytes), {
        status: 200,
        headers: {
          'content-type': rendition.contentType,
          'cache-control': 'max-age=3600',
          'x-content-type-options': 'nosniff',
        },
      });
    }
    try {
      const file = await core.thumbnail(route.md5);
      if (file === undefined) return refuse(404);
      const answer = await net.fetch(pathToFileURL(file).href);
      if (!answer.ok) return refuse(404);
      return new Response(answer.body, {
        status: 200,
        headers: { 'content-type': 'image/jpeg', 'cache-control': 'max-age=3600' },
      });
    } catch {
      return refuse(404);
    }
  });
}
