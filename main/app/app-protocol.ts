import { extname, join, normalize, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { net, protocol } from 'electron';
import { APP_SCHEME, THUMBNAIL_SCHEME } from '../../shared/ipc/bridge';
import { contentSecurityPolicy } from '../core/content-security-policy';

/** The window's own origin: the renderer is served from here, never from `file://`. */
export const APP_ORIGIN = `${APP_SCHEME}://renderer`;

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

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * Serves the built renderer from `rendererDir` (inside the asar) on `app://renderer/`, with a
 * strict Content-Security-Policy on every answer. Paths outside the folder and other hosts are
 * refused.
 */
export function serveRenderer(rendererDir: string, imageOrigins: () => readonly string[]): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    const relative = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
    const file = normalize(join(rendererDir, relative));
    if (url.host !== 'renderer' || !file.startsWith(rendererDir + sep))
      return new Response('Not found', { status: 404 });
    const answer = await net.fetch(pathToFileURL(file).href);
    if (!answer.ok) return new Response('Not found', { status: 404 });
    return new Response(answer.body, {
      status: 200,
      headers: {
        'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
        'content-security-policy': contentSecurityPolicy({
          images: [`${THUMBNAIL_SCHEME}:`, ...imageOrigins()],
          connect: [],
        }),
        'x-content-type-options': 'nosniff',
      },
    });
  });
}

/**
 * Serves thumbnails on `thumb://photo/<md5>.jpg`: the window names a photo by its MD5, and only
 * photos taken in during this session are served. It never sees or sends a file path.
 */
export function serveThumbnails(thumbnail: (md5: string) => Promise<string | undefined>): void {
  protocol.handle(THUMBNAIL_SCHEME, async (request) => {
    const match = /^\/([0-9a-f]{32})\.jpg$/.exec(new URL(request.url).pathname);
    const file = match ? await thumbnail(match[1] ?? '') : undefined;
    if (file === undefined) return new Response('Not found', { status: 404 });
    const answer = await net.fetch(pathToFileURL(file).href);
    return new Response(answer.body, {
      status: answer.ok ? 200 : 404,
      headers: { 'content-type': 'image/jpeg', 'cache-control': 'max-age=3600' },
    });
  });
}
