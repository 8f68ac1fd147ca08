import type { LookupFunction } from 'node:net';
import { type Dispatcher, request } from 'undici';
import type { Logger } from '../logging/logger';
import {
  type AddressResolver,
  publicOnlyLookup,
  RefusedAddressError,
  renditionAddressProblem,
  type RenditionNetwork,
  systemResolver,
} from './rendition-address';

/** A rendition main serves to the window: its bytes and the type the rendition host declared. */
export type Rendition = { readonly bytes: Buffer; readonly contentType: string };

/** Limits of the rendition fetcher; the defaults suit thumbnails and web renditions. */
export type RenditionLimits = {
  /** How many photo ids are remembered; the oldest is forgotten first. */
  readonly maxEntries: number;
  /** The largest rendition accepted, in bytes. */
  readonly maxBytes: number;
  /** How many bytes of fetched renditions stay in memory. */
  readonly cacheBytes: number;
  /** How long one fetch (redirects included) may take, in milliseconds. */
  readonly timeoutMs: number;
  /** How many redirects are followed, each checked like the first address. */
  readonly maxRedirects: number;
};

export const DEFAULT_RENDITION_LIMITS: RenditionLimits = {
  maxEntries: 5000,
  maxBytes: 15 * 1024 * 1024,
  cacheBytes: 64 * 1024 * 1024,
  timeoutMs: 20_000,
  maxRedirects: 3,
};

/** The photo ids the window may name: what the service uses, nothing that could smuggle a path. */
const PHOTO_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Whether `id` is a photo id a rendition can be asked for by (`thumb://service/<id>`). */
export function isRenditionPhotoId(id: string): boolean {
  return PHOTO_ID.test(id);
}

/**
 * Whether main may fetch a rendition from `raw` (see `renditionAddressProblem`): https, to a
 * public address unless the service itself is on this computer; plain http only to this
 * computer, for a service on this computer; never credentials in the address. Anything else
 * (`file:`, `javascript:`, http to another computer) is refused, so the photo shows no thumbnail.
 */
export function isAllowedRenditionUrl(raw: string, network: RenditionNetwork): boolean {
  return renditionAddressProblem(raw, network) === undefined;
}

/** Only the origin: a signed rendition URL carries its secret in the query string. */
function originOf(raw: string): string {
  return URL.canParse(raw) ? new URL(raw).origin : 'an unreadable address';
}

class RenditionRefused extends Error {}

/** Where renditions may come from, and how their host names are resolved. */
export type RenditionGuard = {
  /** Where the service is now (it decides whether this computer and the LAN are allowed). */
  readonly network: () => RenditionNetwork;
  /** The resolver the fetcher's connections use; the system's by default. */
  readonly resolve?: AddressResolver;
};

/** The refusal a connection failed with, if the rendition's host name resolved to one. */
function refusedAddress(error: unknown): RefusedAddressError | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause)
    if (cause instanceof RefusedAddressError) return cause;
  return undefined;
}

/**
 * Remembers, per photo id, the rendition address the service returned (thumbnail, else web), and
 * fetches it for the window through the core's own dispatcher (proxy and certificate aware). The
 * window only ever names a photo id, so its image policy never needs a remote origin and it
 * never hands main an address. No authorization goes to the rendition host: it may be a CDN,
 * and signed addresses carry their own. Never throws to its callers.
 */
export class ServiceRenditions {
  readonly #addresses = new Map<string, string>();
  readonly #cache = new Map<string, Rendition>();
  #cachedBytes = 0;
  readonly #limits: RenditionLimits;

  readonly #network: () => RenditionNetwork;
  /**
   * The `lookup` the dispatcher's direct connections must use (see `publicOnlyLookup`): the core
   * builds the rendition dispatcher with it, apart from the one of its API calls.
   */
  readonly lookup: LookupFunction;

  /**
   * @param dispatcher carries the fetches: the core's network (proxy, certificates) with
   * `lookup` as its direct connections' resolver.
   */
  constructor(
    private readonly dispatcher: () => Dispatcher,
    private readonly logger: Logger,
    guard: RenditionGuard,
    limits: Partial<RenditionLimits> = {},
  ) {
    this.#limits = { ...DEFAULT_RENDITION_LIMITS, ...limits };
    this.#network = guard.network;
    this.lookup = publicOnlyLookup(guard.resolve ?? systemResolver, guard.network);
  }

  /**
   * Records the rendition of `photoId` the service returned.
   * @returns whether the window can ask for it (an allowed address and a well-formed id).
   */
  remember(photoId: string, address: string | undefined): boolean {
    if (!isRenditionPhotoId(photoId)) return false;
    const previous = this.#addresses.get(photoId);
    // Deleted and set again, so a photo seen again counts as the newest.
    this.#addresses.delete(photoId);
    if (previous !== undefined && previous !== address) this.#forgetCached(photoId);
    if (address === undefined || !isAllowedRenditionUrl(address, this.#network())) return false;
    this.#addresses.set(photoId, address);
    while (this.#addresses.size > this.#limits.maxEntries) {
      const oldest = this.#addresses.keys().next().value;
      if (oldest === undefined) break;
      this.#addresses.delete(oldest);
      this.#forgetCached(oldest);
    }
    return true;
  }

  /** The rendition of a photo the service listed; undefined for anything wrong (logged). */
  async get(photoId: string): Promise<Rendition | undefined> {
    const address = this.#addresses.get(photoId);
    if (address === undefined) return undefined;
    const key = this.#cacheKey(photoId, address);
    const cached = this.#cache.get(key);
    if (cached !== undefined) {
      // Most recently used last, so the byte budget forgets the oldest first.
      this.#cache.delete(key);
      this.#cache.set(key, cached);
      return cached;
    }
    try {
      const rendition = await this.#fetch(address);
      // Not kept when the service named another rendition meanwhile: it could never be asked for.
      if (this.#addresses.get(photoId) === address) this.#store(key, rendition);
      return rendition;
    } catch (error) {
      const refused = refusedAddress(error);
      this.logger.warn('a rendition of the service could not be shown', {
        photoId,
        origin: originOf(address),
        reason:
          error instanceof RenditionRefused
            ? error.message
            : refused !== undefined
              ? refused.message
              : 'the request failed',
      });
      return undefined;
    }
  }

  #cacheKey(photoId: string, address: string): string {
    return `${photoId} ${address}`;
  }

  async #fetch(first: string): Promise<Rendition> {
    const signal = AbortSignal.timeout(this.#limits.timeoutMs);
    let address = first;
    for (let hop = 0; ; hop += 1) {
      // Checked again at each fetch: the service may have moved since the address was listed.
      const problem = renditionAddressProblem(address, this.#network());
      if (problem !== undefined)
        throw new RenditionRefused(hop === 0 ? problem : `a redirect to ${problem}`);
      const answer = await request(address, {
        method: 'GET',
        dispatcher: this.dispatcher(),
        signal,
        headers: { accept: 'image/*' },
      });
      const { statusCode, headers, body } = answer;
      if (statusCode >= 300 && statusCode < 400) {
        await body.dump();
        const location = headers.location;
        if (typeof location !== 'string') throw new RenditionRefused('a redirect without a target');
        if (hop >= this.#limits.maxRedirects) throw new RenditionRefused('too many redirects');
        const next = URL.canParse(location, address) ? new URL(location, address).href : '';
        if (!isAllowedRenditionUrl(next, this.#network()))
          throw new RenditionRefused('a redirect to an address that is not allowed');
        address = next;
        continue;
      }
      if (statusCode !== 200) {
        await body.dump();
        throw new RenditionRefused(`status ${statusCode}`);
      }
      const type = headers['content-type'];
      const contentType = typeof type === 'string' ? type.split(';')[0]?.trim().toLowerCase() : '';
      // SVG is a document that can carry script: thumbnails are raster images.
      if (
        contentType === undefined ||
        !/^image\/[a-z0-9.+-]+$/.test(contentType) ||
        contentType === 'image/svg+xml'
      ) {
        await body.dump();
        throw new RenditionRefused('not an image');
      }
      const declared = Number(headers['content-length']);
      if (Number.isFinite(declared) && declared > this.#limits.maxBytes) {
        body.destroy();
        throw new RenditionRefused('too large');
      }
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of body) {
        const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
        size += piece.length;
        if (size > this.#limits.maxBytes) {
          body.destroy();
          throw new RenditionRefused('too large');
        }
        chunks.push(piece);
      }
      return { bytes: Buffer.concat(chunks), contentType };
    }
  }

  #store(key: string, rendition: Rendition): void {
    if (rendition.bytes.length > this.#limits.cacheBytes) return;
    this.#cache.set(key, rendition);
    this.#cachedBytes += rendition.bytes.length;
    for (const [oldKey, old] of this.#cache) {
      if (this.#cachedBytes <= this.#limits.cacheBytes) break;
      this.#cache.delete(oldKey);
      this.#cachedBytes -= old.bytes.length;
    }
  }

  #forgetCached(photoId: string): void {
    for (const [key, rendition] of this.#cache)
      if (key.startsWith(`${photoId} `)) {
        this.#cache.delete(key);
        this.#cachedBytes -= rendition.bytes.length;
      }
  }
}
