import { extname, join, normalize, sep } from 'node:path';

/** What an `app://` or `thumb://` request gets: a file to serve, or a refusal with its status. */
export type AppRoute =
  | { readonly kind: 'file'; readonly path: string; readonly contentType: string }
  | { readonly kind: 'refuse'; readonly status: 400 | 404 | 405 };

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

function parse(raw: string): URL | undefined {
  return URL.canParse(raw) ? new URL(raw) : undefined;
}

/**
 * Routes a request for the renderer on `app://renderer/…` to a file in `rendererDir`: 405 for
 * anything but GET and HEAD, 400 for a malformed address or escape, 404 for another host or a
 * path that leaves the folder. Never throws.
 */
export function routeAppRequest(rawUrl: string, method: string, rendererDir: string): AppRoute {
  if (method !== 'GET' && method !== 'HEAD') return { kind: 'refuse', status: 405 };
  const url = parse(rawUrl);
  if (url === undefined) return { kind: 'refuse', status: 400 };
  if (url.host !== 'renderer') return { kind: 'refuse', status: 404 };
  let relative: string;
  try {
    relative = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
  } catch {
    return { kind: 'refuse', status: 400 };
  }
  if (relative.includes('\0')) return { kind: 'refuse', status: 400 };
  const file = normalize(join(rendererDir, relative));
  if (!file.startsWith(rendererDir + sep)) return { kind: 'refuse', status: 404 };
  return {
    kind: 'file',
    path: file,
    contentType: CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
  };
}

/** What a `thumb://` request names: a photo of this session, or a service photo's rendition. */
export type ThumbnailRoute =
  | { readonly kind: 'thumbnail'; readonly md5: string }
  | { readonly kind: 'rendition'; readonly photoId: string }
  | Extract<AppRoute, { kind: 'refuse' }>;

/**
 * Routes a request on `thumb://photo/<md5>.jpg` to the MD5 it names, and one on
 * `thumb://service/<photo id>` to the service photo whose rendition main fetches: 405 for
 * anything but GET and HEAD, 400 for a malformed address, 404 for another host or shape (a photo
 * id is letters, digits, `_` and `-`, as `renditionAddress` writes it). Never throws.
 */
export function routeThumbnailRequest(rawUrl: string, method: string): ThumbnailRoute {
  if (method !== 'GET' && method !== 'HEAD') return { kind: 'refuse', status: 405 };
  const url = parse(rawUrl);
  if (url === undefined) return { kind: 'refuse', status: 400 };
  if (url.host === 'service') {
    const id = url.search === '' ? /^\/([A-Za-z0-9_-]{1,64})$/.exec(url.pathname)?.[1] : undefined;
    return id === undefined ? { kind: 'refuse', status: 404 } : { kind: 'rendition', photoId: id };
  }
  const match = /^\/([0-9a-f]{32})\.jpg$/.exec(url.pathname);
  if (url.host !== 'photo' || match?.[1] === undefined) return { kind: 'refuse', status: 404 };
  return { kind: 'thumbnail', md5: match[1] };
}
