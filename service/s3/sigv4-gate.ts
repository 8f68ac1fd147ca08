import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hash } from '@smithy/hash-node';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';

/** Credentials and region the store accepts. */
export type StoreCredentials = {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly region: string;
};

/** Largest clock difference AWS accepts on header-signed requests. */
const MAX_SKEW_MS = 15 * 60_000;
const AUTH_PARAMS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
];

type Refusal = { readonly status: number; readonly code: string; readonly message: string };

type Credential = { accessKeyId: string; date: string; region: string; service: string };

function refusal(code: string, message: string, status = 403): Refusal {
  return { status, code, message };
}

function parseCredential(raw: string | undefined): Credential | undefined {
  const parts = raw?.split('/');
  if (parts?.length !== 5 || parts[4] !== 'aws4_request') return undefined;
  const [accessKeyId = '', date = '', region = '', service = ''] = parts;
  return { accessKeyId, date, region, service };
}

/** `20261121T160407Z` → Date, or undefined. */
function parseAmzDate(raw: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(raw ?? '');
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/**
 * Verifies AWS Signature Version 4 on every request before it reaches the store (s3rver checks
 * only the access key id). It recomputes the signature with the SDK's own signer over the
 * method, path, query and the headers the client signed, and refuses a wrong key, secret,
 * region or service, a skewed clock, an expired presigned URL and unsigned requests, as S3
 * would. The payload hash is taken as signed: the body itself is passed through unread.
 */
export class SigV4Gate {
  readonly #signer: SignatureV4;

  constructor(
    private readonly credentials: StoreCredentials,
    private readonly now: () => number = Date.now,
  ) {
    this.#signer = new SignatureV4({
      credentials: {
        accessKeyId: credentials.accessKeyId,
        secretAccessKey: credentials.secretAccessKey,
      },
      region: credentials.region,
      service: 's3',
      sha256: Hash.bind(null, 'sha256'),
      uriEscapePath: false,
      applyChecksum: false,
    });
  }

  /** Wraps a request handler: only correctly signed requests reach it. */
  wrap(next: (request: IncomingMessage, response: ServerResponse) => void) {
    return (request: IncomingMessage, response: ServerResponse): void => {
      this.check(request).then(
        (problem) => {
          if (problem === undefined) {
            next(request, response);
            return;
          }
          const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${problem.code}</Code><Message>${problem.message}</Message></Error>`;
          response.writeHead(problem.status, { 'content-type': 'application/xml' }).end(body);
        },
        () => {
          response
            .writeHead(500, { 'content-type': 'application/xml' })
            .end('<Error><Code>InternalError</Code></Error>');
        },
      );
    };
  }

  /** The reason to refuse `request`, or undefined when its signature holds. */
  async check(request: IncomingMessage): Promise<Refusal | undefined> {
    const url = new URL(request.url ?? '/', 'http://store.invalid');
    const authorization = headerValue(request, 'authorization');
    if (authorization !== undefined) return this.#checkHeader(request, url, authorization);
    if (url.searchParams.has('X-Amz-Signature')) return this.#checkPresigned(request, url);
    return refusal('AccessDenied', 'Anonymous requests are not allowed');
  }

  #scopeProblem(credential: Credential | undefined, date: Date | undefined): Refusal | undefined {
    if (credential === undefined || date === undefined) {
      return refusal('AuthorizationHeaderMalformed', 'Malformed credential or date', 400);
    }
    if (credential.accessKeyId !== this.credentials.accessKeyId) {
      return refusal('InvalidAccessKeyId', 'The access key id does not exist');
    }
    if (credential.region !== this.credentials.region) {
      return refusal(
        'AuthorizationHeaderMalformed',
        `The region "${credential.region}" is wrong; expecting "${this.credentials.region}"`,
        400,
      );
    }
    if (credential.service !== 's3')
      return refusal('AuthorizationHeaderMalformed', 'The service must be s3', 400);
    if (credential.date !== date.toISOString().slice(0, 10).replace(/-/g, '')) {
      return refusal(
        'AuthorizationHeaderMalformed',
        'The credential date does not match X-Amz-Date',
        400,
      );
    }
    return undefined;
  }

  #signable(
    request: IncomingMessage,
    url: URL,
    signedHeaders: readonly string[],
    query: Record<string, string>,
  ) {
    const headers: Record<string, string> = {};
    for (const name of signedHeaders) headers[name] = headerValue(request, name) ?? '';
    return new HttpRequest({
      method: request.method ?? 'GET',
      protocol: 'http:',
      hostname: url.hostname,
      path: url.pathname,
      query,
      headers,
    });
  }

  async #checkHeader(
    request: IncomingMessage,
    url: URL,
    authorization: string,
  ): Promise<Refusal | undefined> {
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match)
      return refusal(
        'AuthorizationHeaderMalformed',
        'Only AWS4-HMAC-SHA256 header signatures are accepted',
        400,
      );
    const [, rawCredential, rawSignedHeaders = '', presented = ''] = match;
    const date = parseAmzDate(headerValue(request, 'x-amz-date'));
    const problem = this.#scopeProblem(parseCredential(rawCredential), date);
    if (problem || date === undefined) return problem;
    if (Math.abs(this.now() - date.getTime()) > MAX_SKEW_MS) {
      return refusal(
        'RequestTimeTooSkewed',
        'The difference between the request time and the current time is too large',
      );
    }
    const signedHeaders = rawSignedHeaders.split(';');
    if (
      !signedHeaders.includes('host') ||
      headerValue(request, 'x-amz-content-sha256') === undefined
    ) {
      return refusal('AccessDenied', 'host and x-amz-content-sha256 must be signed');
    }
    const query = Object.fromEntries(url.searchParams);
    const signed = await this.#signer.sign(this.#signable(request, url, signedHeaders, query), {
      signingDate: date,
      signableHeaders: new Set(signedHeaders),
    });
    const expected =
      /Signature=([0-9a-f]{64})$/.exec(String(signed.headers.authorization))?.[1] ?? '';
    return sameText(expected, presented)
      ? undefined
      : refusal('SignatureDoesNotMatch', 'The request signature does not match');
  }

  async #checkPresigned(request: IncomingMessage, url: URL): Promise<Refusal | undefined> {
    const params = url.searchParams;
    if (params.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') {
      return refusal(
        'AuthorizationQueryParametersError',
        'X-Amz-Algorithm must be AWS4-HMAC-SHA256',
        400,
      );
    }
    const date = parseAmzDate(params.get('X-Amz-Date') ?? undefined);
    const problem = this.#scopeProblem(
      parseCredential(params.get('X-Amz-Credential') ?? undefined),
      date,
    );
    if (problem || date === undefined) return problem;
    const expires = Number(params.get('X-Amz-Expires'));
    if (!Number.isInteger(expires) || expires < 1 || expires > 604_800) {
      return refusal(
        'AuthorizationQueryParametersError',
        'X-Amz-Expires must be 1 to 604800 seconds',
        400,
      );
    }
    if (this.now() > date.getTime() + expires * 1000)
      return refusal('AccessDenied', 'Request has expired');
    if (this.now() < date.getTime() - MAX_SKEW_MS)
      return refusal('AccessDenied', 'Request is not yet valid');
    const signedHeaders = (params.get('X-Amz-SignedHeaders') ?? '').split(';');
    if (!signedHeaders.includes('host')) return refusal('AccessDenied', 'host must be signed');
    const query = Object.fromEntries([...params].filter(([name]) => !AUTH_PARAMS.includes(name)));
    const toSign = this.#signable(request, url, signedHeaders, query);
    // Query authentication signs the payload as UNSIGNED-PAYLOAD (as the SDK's presigner does).
    toSign.headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
    const presigned = await this.#signer.presign(toSign, {
      signingDate: date,
      expiresIn: expires,
      signableHeaders: new Set(signedHeaders),
      unhoistableHeaders: new Set(['x-amz-content-sha256']),
      unsignableHeaders: new Set(['x-amz-content-sha256']),
    });
    const expected = String(presigned.query?.['X-Amz-Signature'] ?? '');
    return sameText(expected, params.get('X-Amz-Signature') ?? '')
      ? undefined
      : refusal('SignatureDoesNotMatch', 'The request signature does not match');
  }
}
