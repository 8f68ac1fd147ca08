import { Readable } from 'node:stream';
import type {
  HeaderBag,
  HttpHandlerOptions,
  HttpRequest,
  HttpResponse,
  QueryParameterBag,
  RequestHandler,
} from '@smithy/types';
import { type Dispatcher, request } from 'undici';

/** Headers undici refuses or sets itself; the SDK's `Expect: 100-continue` among them. */
const HOP_BY_HOP = new Set(['expect', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade']);

const METHODS: readonly Dispatcher.HttpMethod[] = ['GET', 'HEAD', 'PUT', 'POST', 'DELETE'];

/** The SDK's body as undici takes it. */
function requestBody(body: unknown): string | Uint8Array | Readable | null {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string' || body instanceof Uint8Array || body instanceof Readable)
    return body;
  throw new TypeError('The S3 client sent a request body this app cannot send');
}

/** The query string as the SDK encodes it (RFC 3986: `!'()*` escaped too), for the signature. */
function queryString(query: QueryParameterBag | undefined): string {
  const escape = (text: string) =>
    encodeURIComponent(text).replace(
      /[!'()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null) parts.push(escape(key));
    else
      for (const one of Array.isArray(value) ? value : [value])
        parts.push(`${escape(key)}=${escape(one)}`);
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

/** The SDK's request as a URL (its path is already encoded). */
export function requestUrl(request: HttpRequest): string {
  const port = request.port === undefined ? '' : `:${request.port}`;
  return `${request.protocol}//${request.hostname}${port}${request.path}${queryString(request.query)}`;
}

function headerBag(headers: Record<string, string | string[] | undefined>): HeaderBag {
  const bag: HeaderBag = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined) bag[name] = Array.isArray(value) ? value.join(', ') : value;
  return bag;
}

/**
 * The AWS SDK's transport over an undici dispatcher, so the S3 client goes through the same
 * proxy and trusts the same certificates as every other request of the core. The dispatcher
 * belongs to the caller: `destroy` leaves it open.
 */
export class UndiciS3RequestHandler implements RequestHandler<
  HttpRequest,
  HttpResponse,
  HttpHandlerOptions
> {
  readonly metadata = { handlerProtocol: 'http/1.1' };

  constructor(private readonly dispatcher: Dispatcher) {}

  async handle(
    sdkRequest: HttpRequest,
    options: HttpHandlerOptions = {},
  ): Promise<{ response: HttpResponse }> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(sdkRequest.headers))
      if (!HOP_BY_HOP.has(name.toLowerCase())) headers[name] = value;
    const signal = options.abortSignal;
    const method = METHODS.find((known) => known === sdkRequest.method);
    if (method === undefined) throw new TypeError(`Unexpected S3 method ${sdkRequest.method}`);
    const answer = await request(requestUrl(sdkRequest), {
      method,
      headers,
      body: requestBody(sdkRequest.body),
      dispatcher: this.dispatcher,
      // undici closes the connection after every HEAD unless told not to (for servers that send
      // a body with one); S3 stores do not, and the look before each upload is a HEAD.
      ...(method === 'HEAD' ? { reset: false } : {}),
      ...(signal instanceof AbortSignal ? { signal } : {}),
    });
    return {
      response: {
        statusCode: answer.statusCode,
        headers: headerBag(answer.headers),
        body: answer.body,
      },
    };
  }

  /** The SDK's hooks for its own handler's settings; this handler has none. */
  updateHttpClientConfig(): void {}

  httpHandlerConfigs(): Record<string, never> {
    return {};
  }

  destroy(): void {}
}
