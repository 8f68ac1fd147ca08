import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, request } from 'undici';

/** Why a download did not produce bytes; the message becomes the photo's processing error. */
export class FetchError extends Error {
  override readonly name = 'FetchError';
}

/**
 * True for an address a cloud fetcher could not reach or must not reach: loopback, private,
 * link-local, unique-local, carrier-grade NAT, multicast, unspecified and the like. Only
 * public unicast addresses are fetchable.
 */
export function isNonPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() !== 'unicast';
}

/** A DNS lookup that refuses names resolving to non-public addresses (no DNS rebinding gap). */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) {
      callback(error, '', 0);
      return;
    }
    const blocked = addresses.find((entry) => isNonPublicAddress(entry.address));
    if (blocked || addresses.length === 0) {
      callback(new FetchError(`Refused to fetch from a non-public address (${hostname})`), '', 0);
      return;
    }
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

export type SafeFetchOptions = {
  readonly allowPrivate: boolean;
  readonly maxBytes: number;
  readonly timeoutMs: number;
};

const MAX_REDIRECTS = 3;

/**
 * Downloads an image for processing the way a cloud fetcher would: http(s) only, public
 * addresses only (unless `allowPrivate`), a few redirects, one overall time limit and a size cap.
 * @throws FetchError with a reason fit for a processing error.
 */
export class SafeFetcher {
  readonly #agent: Agent;

  constructor(private readonly options: SafeFetchOptions) {
    this.#agent = new Agent({
      connect: {
        timeout: options.timeoutMs,
        ...(options.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  async fetch(uri: string): Promise<Buffer> {
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    let current = new URL(uri);
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      this.#checkTarget(current);
      let response;
      try {
        response = await request(current, { dispatcher: this.#agent, method: 'GET', signal });
      } catch (error) {
        throw this.#explain(error, signal);
      }
      const { statusCode, headers, body } = response;
      const location = headers.location;
      if (statusCode >= 300 && statusCode < 400 && typeof location === 'string') {
        await body.dump();
        current = new URL(location, current);
        continue;
      }
      if (statusCode !== 200) {
        await body.dump();
        throw new FetchError(`Download failed: the image address answered HTTP ${statusCode}`);
      }
      const declared = Number(headers['content-length']);
      if (Number.isFinite(declared) && declared > this.options.maxBytes) {
        await body.dump();
        throw new FetchError(`The image is larger than ${this.options.maxBytes} bytes`);
      }
      return await this.#readCapped(body, signal);
    }
    throw new FetchError(`Download failed: more than ${MAX_REDIRECTS} redirects`);
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }

  #checkTarget(url: URL): void {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new FetchError(`Refused to fetch a ${url.protocol} address`);
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!this.options.allowPrivate && isIP(host) !== 0 && isNonPublicAddress(host)) {
      throw new FetchError(`Refused to fetch from a non-public address (${host})`);
    }
  }

  async #readCapped(body: AsyncIterable<Buffer>, signal: AbortSignal): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of body) {
        size += chunk.length;
        if (size > this.options.maxBytes) {
          throw new FetchError(`The image is larger than ${this.options.maxBytes} bytes`);
        }
        chunks.push(chunk);
      }
    } catch (error) {
      throw this.#explain(error, signal);
    }
    return Buffer.concat(chunks);
  }

  #explain(error: unknown, signal: AbortSignal): FetchError {
    if (error instanceof FetchError) return error;
    if (signal.aborted) return new FetchError('Download timed out');
    const cause = error instanceof Error ? error.cause : undefined;
    if (cause instanceof FetchError) return cause;
    const message = error instanceof Error ? error.message : String(error);
    if (message.includes('non-public address')) return new FetchError(message);
    return new FetchError(`Download failed: ${message}`);
  }
}
