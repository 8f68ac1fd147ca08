import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { S3Client } from '@aws-sdk/client-s3';
import type { PhotoServiceOptions } from '../../service/options';
import {
  type LaunchInfo,
  type RunningPhotoService,
  startPhotoService,
} from '../../service/photo-service';

/** A running service with helpers that speak its protocols the way a client would. */
export type TestService = RunningPhotoService & { readonly info: LaunchInfo };

/** Starts the local Photo Service in process (admin on, so tests can look inside). */
export function startTestService(options: Partial<PhotoServiceOptions> = {}): Promise<TestService> {
  return startPhotoService({ admin: true, ...options });
}

/** A PKCE verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export type AuthorizeParams = Record<string, string | undefined>;

/** `GET /oauth/authorize` without following the redirect. */
export async function authorize(info: LaunchInfo, params: AuthorizeParams): Promise<Response> {
  const url = new URL('/oauth/authorize', info.auth_url);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) url.searchParams.set(name, value);
  }
  return fetch(url, { redirect: 'manual' });
}

/** The query of a redirect's `Location`, which must exist. */
export function redirectParams(response: Response): URLSearchParams {
  const location = response.headers.get('location');
  if (location === null) throw new Error(`No redirect (HTTP ${response.status})`);
  return new URL(location).searchParams;
}

export type TokenAnswer = { status: number; body: Record<string, unknown>; headers: Headers };

/** `POST /oauth/token` (or another form endpoint) with a form body and optional Basic auth. */
export async function postForm(
  info: LaunchInfo,
  path: string,
  form: Record<string, string | undefined>,
  basic?: { id: string; secret: string },
): Promise<TokenAnswer> {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) if (value !== undefined) body.set(name, value);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (basic) {
    const pair = `${encodeURIComponent(basic.id)}:${encodeURIComponent(basic.secret)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
  }
  const response = await fetch(new URL(path, info.auth_url), { method: 'POST', headers, body });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: response.headers,
  };
}

export type Tokens = {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  token_type: string;
  scope: string;
};

function asTokens(answer: TokenAnswer): Tokens {
  if (answer.status !== 200)
    throw new Error(`Token request failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as unknown as Tokens;
}

export const LOOPBACK_REDIRECT = 'http://127.0.0.1:51234/callback';

/** A full sign-in with auto-approve: authorize, take the code from the redirect, exchange it. */
export async function signIn(
  info: LaunchInfo,
  options: { publicClient?: boolean; scope?: string } = {},
): Promise<Tokens> {
  const pkce = pkcePair();
  const clientId = options.publicClient ? info.public_client_id : info.client_id;
  const answer = await authorize(info, {
    client_id: clientId,
    redirect_uri: LOOPBACK_REDIRECT,
    response_type: 'code',
    scope: options.scope ?? 'read write',
    state: 'state-1',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  });
  const code = redirectParams(answer).get('code') ?? '';
  return asTokens(
    await postForm(info, '/oauth/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: LOOPBACK_REDIRECT,
      client_id: clientId,
      client_secret: options.publicClient ? undefined : info.client_secret,
      code_verifier: pkce.verifier,
    }),
  );
}

/** `grant_type=refresh_token` for the confidential demo client. */
export function refresh(info: LaunchInfo, refreshToken: string): Promise<TokenAnswer> {
  return postForm(info, '/oauth/token', {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    client_id: info.client_id,
    client_secret: info.client_secret,
  });
}

export type ApiAnswer = { status: number; body: unknown; headers: Headers };

/** A v2 API call with a bearer token; `body` is sent as JSON. */
export async function api(
  info: LaunchInfo,
  token: string | undefined,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<ApiAnswer> {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(new URL(path, info.base_url), {
    method,
    headers,
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Non-JSON bodies stay text.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

export type AdminPhoto = {
  id: string;
  project_id: string;
  hash: string | null;
  description: string;
  processing_status: string;
  processing_error: string | null;
  captured_at: number;
  coordinates: { lat: number; lon: number } | null;
  internal: boolean;
  /** The type the service sniffed from the fetched bytes (null until fetched). */
  media_type: string | null;
  uri: string;
  /** The tags the photo was created with (none: an empty list). */
  tags?: string[];
};

export type AdminState = {
  projects: { id: string; name: string }[];
  photos: AdminPhoto[];
  requests: Record<string, Record<string, number>>;
};

/**
 * A control-API request as tests make it: `path` under `/__admin` (e.g. `/state`), the launch
 * line's `admin_token` as the bearer token, and `body`, when given, sent as JSON.
 */
export function adminFetch(
  info: LaunchInfo,
  path: string,
  options: { readonly method?: 'GET' | 'POST' | 'PATCH' | 'DELETE'; readonly body?: unknown } = {},
): Promise<Response> {
  if (info.admin_url === null || info.admin_token === null)
    throw new Error('The service was started without --admin');
  const headers: Record<string, string> = { authorization: `Bearer ${info.admin_token}` };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${info.admin_url}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
}

/** The control API. */
export const admin = {
  async state(info: LaunchInfo): Promise<AdminState> {
    const response = await adminFetch(info, '/state');
    if (!response.ok) throw new Error(`GET /__admin/state answered ${response.status}`);
    return (await response.json()) as AdminState;
  },
  post(info: LaunchInfo, path: string, body: unknown): Promise<Response> {
    return adminFetch(info, path, { method: 'POST', body });
  },
};

/** A tiny loopback file server standing in for a photo host. */
export type FileServer = {
  url(path: string): string;
  hits(path: string): number;
  close(): Promise<void>;
};

export async function serveFiles(files: Record<string, Buffer>): Promise<FileServer> {
  const hits = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const bytes = files[path];
    if (bytes === undefined) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': bytes.length,
      })
      .end(bytes);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    hits: (path) => hits.get(path) ?? 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** MD5 hex of bytes, as the service's `hash`. */
export function md5(bytes: Buffer): string {
  return createHash('md5').update(bytes).digest('hex');
}

/**
 * An S3 client for the service's S3-compatible store (path-style; checksums only where an
 * operation requires them, since s3rver does not speak aws-chunked CRC32 trailers).
 */
export function s3ClientFor(info: LaunchInfo, secretAccessKey?: string): S3Client {
  const store = info.s3;
  if (store === undefined) throw new Error('The service was started without --with-s3');
  return new S3Client({
    endpoint: store.endpoint,
    region: store.region,
    forcePathStyle: true,
    credentials: {
      accessKeyId: store.access_key_id,
      secretAccessKey: secretAccessKey ?? store.secret_access_key,
    },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
