import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, BlockList, isIP } from 'node:net';
import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpAgent } from '../../../../main/http/http-agent';
import type { Logger } from '../../../../main/logging/logger';
import {
  isAllowedRenditionUrl,
  isRenditionPhotoId,
  ServiceRenditions,
} from '../../../../main/media/service-renditions';
import {
  type AddressResolver,
  isPublicAddress,
  NOT_PUBLIC_REASON,
  renditionAddressProblem,
  type RenditionNetwork,
  type ResolvedAddress,
} from '../../../../main/media/rendition-address';

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

/** The local service, on this computer (demo mode): its renditions may come over plain http. */
const LOCAL: RenditionNetwork = { serviceOnLoopback: true };

const renditions = (lines: string[] = [], limits = {}) =>
  new ServiceRenditions(
    () => agent,
    recordingLogger(lines),
    { network: () => LOCAL },
    { maxBytes: 1000, ...limits },
  );

describe('which rendition addresses main fetches', () => {
  it('takes https anywhere and http only on a loopback host, for the local service', () => {
    expect(isAllowedRenditionUrl('https://cdn.example/t/1.jpg?sig=abc', LOCAL)).toBe(true);
    expect(isAllowedRenditionUrl('http://127.0.0.1:8080/files/1/thumbnail', LOCAL)).toBe(true);
    expect(isAllowedRenditionUrl('http://127.9.8.7/x', LOCAL)).toBe(true);
    expect(isAllowedRenditionUrl('http://localhost:1/x', LOCAL)).toBe(true);
    expect(isAllowedRenditionUrl('http://[::1]:1/x', LOCAL)).toBe(true);
    expect(isAllowedRenditionUrl('http://cdn.example/x.jpg', LOCAL)).toBe(false);
    expect(isAllowedRenditionUrl('http://128.0.0.1/x', LOCAL)).toBe(false);
    expect(isAllowedRenditionUrl('http://127.0.0.1.evil.example/x', LOCAL)).toBe(false);
    expect(isAllowedRenditionUrl('http://localhost.evil.example/x', LOCAL)).toBe(false);
    expect(isAllowedRenditionUrl('file:///etc/passwd', LOCAL)).toBe(false);
    expect(isAllowedRenditionUrl('javascript:alert(1)', LOCAL)).toBe(false);
    expect(isAllowedRenditionUrl('data:image/png;base64,AAAA', LOCAL)).toBe(false);
    expect(isAllowedRenditionUrl('https://user:pw@cdn.example/x.jpg', LOCAL)).toBe(false);
    expect(isAllowedRenditionUrl('https://token@cdn.example/x.jpg', LOCAL)).toBe(false);
    expect(isAllowedRenditionUrl('/files/1/thumbnail', LOCAL)).toBe(false);
  });

  it('never takes plain http to a host off this computer (property)', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['http'] }), (url) => {
        const host = new URL(url).hostname;
        const loopback =
          host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
        expect(isAllowedRenditionUrl(url, LOCAL)).toBe(loopback);
      }),
    );
  });

  it('takes every https address without credentials, and none with them (property)', () => {
    fc.assert(
      fc.property(fc.webUrl({ validSchemes: ['https'], withQueryParameters: true }), (url) => {
        const parsed = new URL(url);
        const credentials = parsed.username !== '' || parsed.password !== '';
        expect(isAllowedRenditionUrl(url, LOCAL)).toBe(!credentials);
      }),
    );
  });

  it('never takes another scheme (property)', () => {
    const scheme = fc.constantFrom('file', 'javascript', 'data', 'ftp', 'ws', 'blob', 'thumb');
    fc.assert(
      fc.property(scheme, fc.webUrl(), (name, url) => {
        expect(isAllowedRenditionUrl(url.replace(/^https?/, name), LOCAL)).toBe(false);
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

/** A service on another computer: its renditions must come from the public internet. */
const ELSEWHERE: RenditionNetwork = { serviceOnLoopback: false };

describe('renditions of a service that is not on this computer', () => {
  it('refuses plain http, and https to this computer, a private or a link-local address', () => {
    for (const refused of [
      'https://127.0.0.1/t.jpg',
      'https://10.1.2.3/t.jpg',
      'https://172.16.0.9/t.jpg',
      'https://192.168.1.20/t.jpg',
      'https://169.254.169.254/latest/meta-data/',
      'https://[::1]/t.jpg',
      'https://[fc00::1]/t.jpg',
      'https://[fd12:3456::1]/t.jpg',
      'https://[fe80::1]/t.jpg',
      'https://[::ffff:10.0.0.1]/t.jpg',
      'https://[::ffff:127.0.0.1]/t.jpg',
      'https://0x7f.1/t.jpg',
      'https://localhost/t.jpg',
      'https://photos.localhost./t.jpg',
    ])
      expect(renditionAddressProblem(refused, ELSEWHERE), refused).toBe(NOT_PUBLIC_REASON);
    expect(renditionAddressProblem('http://127.0.0.1:8080/t.jpg', ELSEWHERE)).toBe(
      'plain http, for a service that is not on this computer',
    );
    expect(renditionAddressProblem('http://cdn.example/t.jpg', ELSEWHERE)).toBe(
      'plain http to another computer',
    );
    expect(renditionAddressProblem('https://cdn.example/t.jpg?sig=1', ELSEWHERE)).toBeUndefined();
    expect(renditionAddressProblem('https://93.184.216.34/t.jpg', ELSEWHERE)).toBeUndefined();
    expect(
      renditionAddressProblem('https://[2606:2800:220:1::1]/t.jpg', ELSEWHERE),
    ).toBeUndefined();
  });

  it('judges an IPv4 address carried in IPv6 (NAT64, 6to4) by that address; refuses Teredo and local-use NAT64', () => {
    for (const refused of [
      '64:ff9b::10.0.0.1', // NAT64 of a private address
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '64:ff9b::a9fe:a9fe', // NAT64 of the cloud metadata address
      '2002:c0a8:101::1', // 6to4 of 192.168.1.1
      '2002:a9fe:a9fe::1', // 6to4 of 169.254.169.254
      '2002:7f00:1::', // 6to4 of 127.0.0.1
      '2001:0:4136:e378:8000:63bf:3fff:fdd2', // Teredo: the client's address is hidden in it
      '2001::1',
      '64:ff9b:1::a00:1', // local-use NAT64 (RFC 8215): whatever network the site maps it to
      '64:ff9b:1:ffff::1',
    ])
      expect(isPublicAddress(refused), refused).toBe(false);
    for (const allowed of ['64:ff9b::93.184.216.34', '2002:5db8:d822::1'])
      expect(isPublicAddress(allowed), allowed).toBe(true);
    const hex = (v4: string) => {
      const [a = 0, b = 0, c = 0, d = 0] = v4.split('.').map(Number);
      return `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
    };
    fc.assert(
      fc.property(fc.ipV4(), (v4) => {
        expect(isPublicAddress(`64:ff9b::${v4}`), v4).toBe(isPublicAddress(v4));
        expect(isPublicAddress(`2002:${hex(v4)}::1`), v4).toBe(isPublicAddress(v4));
      }),
      { numRuns: 1000 },
    );
  });

  it('judges IP addresses as a well-kept library ranges them (property)', () => {
    // Refused: every range that is not the public internet for these rules; allowed: unicast.
    const refusedRanges = new Set([
      'unspecified',
      'broadcast',
      'multicast',
      'linkLocal',
      'loopback',
      'carrierGradeNat',
      'private',
      'uniqueLocal',
      'deprecatedSiteLocal',
    ]);
    // Read as Node reads it (the library reads `::1.2.3.4` as `::ffff:1.2.3.4`).
    const compatible = new BlockList();
    compatible.addSubnet('::', 96, 'ipv6');
    const inIpv4Compatible = (address: string) =>
      isIP(address) === 6 && compatible.check(address, 'ipv6');
    const check = (address: string) => {
      const parsed = ipaddr.process(address);
      const range = parsed.range();
      if (refusedRanges.has(range)) expect(isPublicAddress(address), address).toBe(false);
      // The deprecated IPv4-compatible form (::1.2.3.4, the library reads it as IPv4) is refused
      // whatever it embeds: stricter than the library, never looser.
      else if (range === 'unicast' && !inIpv4Compatible(address))
        expect(isPublicAddress(address), address).toBe(true);
    };
    fc.assert(fc.property(fc.ipV4(), check), { numRuns: 2000 });
    fc.assert(fc.property(fc.ipV6(), check), { numRuns: 2000 });
    const mapped = fc.ipV4().map((v4) => `::ffff:${v4}`);
    fc.assert(
      fc.property(mapped, (address) => {
        expect(isPublicAddress(address)).toBe(isPublicAddress(address.slice('::ffff:'.length)));
      }),
    );
    // Every private, loopback and link-local IPv4 address, whatever its last three parts.
    const octet = fc.integer({ min: 0, max: 255 });
    const inRange = fc.oneof(
      fc.tuple(fc.constant(10), octet, octet, octet),
      fc.tuple(fc.constant(127), octet, octet, octet),
      fc.tuple(fc.constant(169), fc.constant(254), octet, octet),
      fc.tuple(fc.constant(172), fc.integer({ min: 16, max: 31 }), octet, octet),
      fc.tuple(fc.constant(192), fc.constant(168), octet, octet),
    );
    fc.assert(
      fc.property(inRange, (parts) => {
        const url = `https://${parts.join('.')}/t.jpg`;
        expect(renditionAddressProblem(url, ELSEWHERE)).toBe(NOT_PUBLIC_REASON);
      }),
    );
  });

  describe('a host name is checked where the connection resolves it', () => {
    /** A resolver that answers every name with `addresses`, and counts what it was asked. */
    function fakeResolver(addresses: readonly ResolvedAddress[]) {
      const asked: string[] = [];
      const resolve: AddressResolver = (hostname) => {
        asked.push(hostname);
        return Promise.resolve(addresses);
      };
      return { asked, resolve };
    }

    /** Renditions of a service elsewhere, fetched through a dispatcher that resolves with `resolve`. */
    function elsewhere(resolve: AddressResolver, lines: string[]) {
      const store = new ServiceRenditions(
        // Called only once a fetch starts, after `guarded` is built from the store's lookup.
        () => guarded,
        recordingLogger(lines),
        { network: () => ELSEWHERE, resolve },
        { maxBytes: 1000 },
      );
      const guarded = createHttpAgent({ proxy: { kind: 'environment' }, lookup: store.lookup });
      return { store, close: () => guarded.close() };
    }

    const port = () => new URL(origin).port;

    it.each([
      [{ address: '127.0.0.1', family: 4 }],
      [{ address: '10.20.30.40', family: 4 }],
      [{ address: '169.254.169.254', family: 4 }],
      [{ address: '::1', family: 6 }],
      [{ address: 'fc00::1', family: 6 }],
    ] as const)('refuses a name that resolves to %o, with the reason', async (resolved) => {
      const { asked, resolve } = fakeResolver([resolved]);
      const lines: string[] = [];
      const { store, close } = elsewhere(resolve, lines);
      try {
        // The loopback rendition server listens on that port: only the check stands between.
        expect(store.remember('7', `https://rebind.example:${port()}/thumb.png?sig=s3cr3t`)).toBe(
          true,
        );
        expect(await store.get('7')).toBeUndefined();
        // Resolved once, by the connection itself: no separate lookup a rebinding name could
        // answer differently.
        expect(asked).toEqual(['rebind.example']);
        expect(seen).toEqual([]);
        expect(lines.join('\n')).toContain(`rebind.example resolves to ${NOT_PUBLIC_REASON}`);
        expect(lines.join('\n')).not.toContain('s3cr3t');
      } finally {
        await close();
      }
    });

    it('refuses a name when any of its addresses is not public', async () => {
      const { resolve } = fakeResolver([
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ]);
      const lines: string[] = [];
      const { store, close } = elsewhere(resolve, lines);
      try {
        store.remember('8', `https://mixed.example:${port()}/thumb.png`);
        expect(await store.get('8')).toBeUndefined();
        expect(lines.join('\n')).toContain(NOT_PUBLIC_REASON);
      } finally {
        await close();
      }
    });

    it('refuses an address literal and a redirect to one without connecting', async () => {
      const { asked, resolve } = fakeResolver([]);
      const lines: string[] = [];
      const { store, close } = elsewhere(resolve, lines);
      try {
        expect(store.remember('9', `${origin}/thumb.png`)).toBe(false);
        expect(store.remember('10', `https://127.0.0.1:${port()}/thumb.png`)).toBe(false);
        expect(store.remember('11', 'https://[fe80::1]/thumb.png')).toBe(false);
        expect(await store.get('9')).toBeUndefined();
        expect(asked).toEqual([]);
        expect(seen).toEqual([]);
      } finally {
        await close();
      }
    });

    it('connects to the address it checked: the local service by name still loads', async () => {
      const { asked, resolve } = fakeResolver([{ address: '127.0.0.1', family: 4 }]);
      const store = new ServiceRenditions(
        () => guarded,
        recordingLogger([]),
        { network: () => LOCAL, resolve },
        { maxBytes: 1000 },
      );
      const guarded = createHttpAgent({ proxy: { kind: 'environment' }, lookup: store.lookup });
      try {
        store.remember('13', `http://localhost:${port()}/thumb.png`);
        expect((await store.get('13'))?.bytes.equals(IMAGE)).toBe(true);
        expect(asked).toEqual(['localhost']);
        expect(seen.map((s) => s.path)).toEqual(['/thumb.png']);
      } finally {
        await guarded.close();
      }
    });

    it('forgets nothing but fetches nothing once the service moves off this computer', async () => {
      let network: RenditionNetwork = LOCAL;
      const lines: string[] = [];
      const store = new ServiceRenditions(() => agent, recordingLogger(lines), {
        network: () => network,
      });
      store.remember('12', `${origin}/thumb.png`);
      network = ELSEWHERE;
      expect(await store.get('12')).toBeUndefined();
      expect(seen).toEqual([]);
      expect(lines.join('\n')).toContain('plain http, for a service that is not on this computer');
    });
  });
});
