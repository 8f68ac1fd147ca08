import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpAgent } from '../../../../main/http/http-agent';
import type { Logger } from '../../../../main/logging/logger';
import {
  isAllowedRenditionUrl,
  isRenditionPhotoId,
  ServiceRenditions,
} from '../../../../main/media/service-renditions';

// The rendition host is a real loopback HTTP server, as the local service (or a CDN) would be.

const IMAGE = Buffer.from('\x89PNG\r\n\x1a\n-not-really-but-bytes', 'latin1');

type Seen = { path: string; authorization: string | undefined };
const seen: Seen[] = [];
let server: Server;
let origin = '';
const agent = createHttpAgent();

function route(request: IncomingMessage, response: ServerResponse): void {
  const path = request.url ?? '/';
  seen.push({ path, authorization: request.headers.authorization });
  const name = new URL(path, 'http://x').pathname;
  switch (name) {
    case '/thumb.png':
      return void response.writeHead(200, { 'content-type': 'image/png' }).end(IMAGE);
    case '/drawing.svg':
      return void response
        .writeHead(200, { 'content-type': 'image/svg+xml' })
        .end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    case '/page.html':
      return void response.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
    case '/huge.jpg':
      // No length declared: the cap must hold while the body streams.
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.write(Buffer.alloc(600));
      return void response.end(Buffer.alloc(600));
    case '/to-thumb':
      return void response.writeHead(302, { location: '/thumb.png' }).end();
    case '/to-file':
      return void response.writeHead(302, { location: 'file:///etc/passwd' }).end();
    case '/to-remote-http':
      return void response.writeHead(302, { location: 'http://cdn.example/x.jpg' }).end();
    case '/loop':
      return void response.writeHead(302, { location: '/loop' }).end();
    case '/missing.jpg':
      return void response.writeHead(404).end();
    default:
      return void response.writeHead(500).end();
  }
}

function recordingLogger(lines: string[]): Logger {
  const log = (message: string, fields?: Readonly<Record<string, unknown>>) =>
    void lines.push(`${message} ${JSON.stringify(fields ?? {})}`);
  const logger: Logger = {
    debug: log,
    info: log,
    warn: log,
    error: log,
    child: () => logger,
  };
  return logger;
}

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await agent.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
});

const renditions = (lines: string[] = [], limits = {}) =>
  new ServiceRenditions(() => agent, recordingLogger(lines), { maxBytes: 1000, ...limits });

describe('which rendition addresses main fetches', () => {
  it('takes https anywhere and http only on a loopback host', () => {
    expect(isAllowedRenditionUrl('https://cdn.example/t/1.jpg?sig=abc')).toBe(true);
    expect(isAllowedRenditionUrl('http://127.0.0.1:8080/files/1/thumbnail')).toBe(true);
    expect(isAllowedRenditionUrl('http://127.9.8.7/x')).toBe(true);
    expect(isAllowedRenditionUrl('http://localhost:1/x')).toBe(true);
    expect(isAllowedRenditionUrl('http://[::1]:1/x')).toBe(true);
    expect(isAllowedRenditionUrl('http://cdn.example/x.jpg')).toBe(false);
    expect(isAllowedRenditionUrl('http://128.0.0.1/x')).toBe(false);
    expect(isAllowedRenditionUrl('http://127.0.0.1.evil.example/x')).toBe(false);
    expect(isAllowedRenditionUrl('http://localhost.evil.example/x')).toBe(false);
    expect(isAllowedRenditionUrl('file:///etc/passwd')).toBe(false);
    expect(isAllowedRenditionUrl('javascript:alert(1)')).toBe(false);
    expect(isAllowedRenditionUrl('data:image/png;base64,AAAA')).toBe(false);
    expect(isAllowedRenditionUrl('https://user:pw@cdn.example/x.jpg')).toBe(false);
    expect(isAllowedRenditionUrl('https://token@cdn.example/x.jpg')).toBe(false);
    expect(isAllowedRenditionUrl('/files/1/thumbnail')).toBe(false);
  });

  it('never takes plain http to a host off this computer (property)', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http'] }), (url) => {
        const host = new URL(url).hostname;
        const loopback =
          host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
        expect(isAllowedRenditionUrl(url)).toBe(loopback);
      }),
    );
  });

  it('takes every https address without credentials, and none with them (property)', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['https'], withQueryParameters: true }), (url) => {
        const parsed = new URL(url);
        const credentials = parsed.username !== '' || parsed.password !== '';
        expect(isAllowedRenditionUrl(url)).toBe(!credentials);
      }),
    );
  });

  it('never takes another scheme (property)', () => {
    const scheme = fc.constantFrom('file', 'javascript', 'data', 'ftp', 'ws', 'blob', 'thumb');
    fc.assert(
      fc.property(scheme, fc.webUrl(), (name, url) => {
        expect(isAllowedRenditionUrl(url.replace(/^https?/, name))).toBe(false);
      }),
    );
  });

  it('names photos by plain ids only', () => {
    expect(isRenditionPhotoId('12345')).toBe(true);
    expect(isRenditionPhotoId('a_B-9')).toBe(true);
    expect(isRenditionPhotoId('')).toBe(false);
    expect(isRenditionPhotoId('../x')).toBe(false);
    expect(isRenditionPhotoId('a/b')).toBe(false);
    expect(isRenditionPhotoId('x'.repeat(65))).toBe(false);
  });
});

describe('fetching a rendition', () => {
  it('serves the remembered rendition with its type, without sending authorization', async () => {
    const store = renditions();
    expect(store.remember('7', `${origin}/thumb.png?sig=s3cr3t`)).toBe(true);
    const rendition = await store.get('7');
    expect(rendition?.contentType).toBe('image/png');
    expect(rendition?.bytes.equals(IMAGE)).toBe(true);
    expect(seen).toEqual([{ path: '/thumb.png?sig=s3cr3t', authorization: undefined }]);
  });

  it('remembers nothing for a refused address or id, so the photo has no thumbnail', async () => {
    const store = renditions();
    expect(store.remember('7', 'file:///etc/passwd')).toBe(false);
    expect(store.remember('8', 'http://cdn.example/x.jpg')).toBe(false);
    expect(store.remember('9', undefined)).toBe(false);
    expect(store.remember('../9', `${origin}/thumb.png`)).toBe(false);
    expect(await store.get('7')).toBeUndefined();
    expect(await store.get('8')).toBeUndefined();
    expect(await store.get('never-listed')).toBeUndefined();
    expect(seen).toEqual([]);
  });

  it('forgets a rendition once the service no longer offers an allowed one', async () => {
    const store = renditions();
    store.remember('7', `${origin}/thumb.png`);
    expect(await store.get('7')).toBeDefined();
    expect(store.remember('7', 'javascript:alert(1)')).toBe(false);
    expect(await store.get('7')).toBeUndefined();
  });

  it('refuses what is not an image, too large, missing, or redirected somewhere refused', async () => {
    const lines: string[] = [];
    const store = renditions(lines);
    const paths = [
      '/page.html',
      '/drawing.svg',
      '/huge.jpg',
      '/missing.jpg',
      '/to-file',
      '/to-remote-http',
    ];
    for (const [index, path] of paths.entries()) {
      store.remember(`p${index}`, `${origin}${path}?sig=s3cr3t`);
      expect(await store.get(`p${index}`), path).toBeUndefined();
    }
    expect(lines.join('\n')).toMatch(/not an image/);
    expect(lines.join('\n')).toMatch(/too large/);
    expect(lines.join('\n')).toMatch(/status 404/);
    expect(lines.join('\n')).toMatch(/a redirect to an address that is not allowed/);
    // The signed address's secret never reaches the log: only the origin does.
    expect(lines.join('\n')).not.toMatch(/s3cr3t|\/page\.html/);
    expect(lines.join('\n')).toContain(origin);
  });

  it('follows a few allowed redirects, and no more', async () => {
    const store = renditions();
    store.remember('1', `${origin}/to-thumb`);
    expect((await store.get('1'))?.bytes.equals(IMAGE)).toBe(true);
    const lines: string[] = [];
    const looping = renditions(lines, { maxRedirects: 3 });
    looping.remember('2', `${origin}/loop`);
    seen.length = 0;
    expect(await looping.get('2')).toBeUndefined();
    expect(seen).toHaveLength(4);
    expect(lines.join('\n')).toMatch(/too many redirects/);
  });

  it('answers undefined when the rendition host is gone', async () => {
    const store = renditions();
    store.remember('7', 'http://127.0.0.1:9/thumb.png');
    expect(await store.get('7')).toBeUndefined();
  });

  it('keeps fetched renditions within its byte budget, the oldest forgotten first', async () => {
    const store = renditions([], { cacheBytes: IMAGE.length * 2 });
    for (const id of ['a', 'b', 'c']) store.remember(id, `${origin}/thumb.png?${id}`);
    await store.get('a');
    await store.get('b');
    await store.get('a'); // cached
    expect(seen.map((s) => s.path)).toEqual(['/thumb.png?a', '/thumb.png?b']);
    await store.get('c'); // over budget: b, the least recently used, goes
    await store.get('a');
    await store.get('b');
    expect(seen.map((s) => s.path)).toEqual([
      '/thumb.png?a',
      '/thumb.png?b',
      '/thumb.png?c',
      '/thumb.png?b',
    ]);
  });

  it('remembers a bounded number of photos, forgetting the oldest', async () => {
    const store = renditions([], { maxEntries: 2 });
    for (const id of ['a', 'b', 'c']) store.remember(id, `${origin}/thumb.png`);
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('b')).toBeDefined();
    expect(await store.get('c')).toBeDefined();
  });
});
