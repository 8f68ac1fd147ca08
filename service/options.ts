import { parseArgs } from 'node:util';

/** What happens to a refresh token once it has been used to get a new pair. */
export type RotationPolicy = 'immediate' | 'on-first-use';

/** Everything the local Photo Service can be started with; the command line maps onto it. */
export type PhotoServiceOptions = {
  /** Address to listen on. Always a loopback address: the service is for tests and demos. */
  readonly host: string;
  /** TCP port; 0 picks any free port. */
  readonly port: number;
  /** Skip the consent page: `/oauth/authorize` answers 302 straight to the redirect. */
  readonly autoApprove: boolean;
  /** Serve the `/__admin` control API. */
  readonly admin: boolean;
  /**
   * The control API's bearer token, for embedding code that must know it in advance; random per
   * start when absent. Deliberately not a command-line option: arguments show in `ps`.
   */
  readonly adminToken?: string;
  /** The old refresh token dies at once, or when the new access token is first used. */
  readonly rotation: RotationPolicy;
  /** Access-token lifetime in seconds (`expires_in`). */
  readonly accessTokenTtlSeconds: number;
  /** Enforce the per-token rate limits. */
  readonly rateLimit: boolean;
  /** Length of the sliding rate-limit window, in milliseconds. */
  readonly rateWindowMs: number;
  /** Writes (POST) allowed per token per window. */
  readonly writeLimit: number;
  /** Reads (GET) allowed per token per window. */
  readonly readLimit: number;
  /** Send `Retry-After` on 429 answers (the real service does not promise it). */
  readonly retryAfter: boolean;
  /** Let the background fetcher download from loopback and private addresses. */
  readonly allowPrivateFetch: boolean;
  /** Also start the S3-compatible store on loopback. */
  readonly withS3: boolean;
  /**
   * The store's secret key instead of s3rver's fixed `S3RVER` (which is also its key id), for
   * tests that must tell the secret from the key id: presigned addresses carry the key id.
   * Deliberately not a command-line option.
   */
  readonly s3SecretAccessKey?: string;
  /**
   * Serve https with a certificate for 127.0.0.1 made at start, signed by a throwaway CA whose
   * PEM file the launch line names (`tls_ca_file`). The S3 store stays plain http on loopback.
   */
  readonly tls: boolean;
  /**
   * Serve the photos' renditions from a second loopback origin, as a CDN would, and point the
   * Photo JSON's `uris` there (`files_url` in the launch line).
   */
  readonly cdn: boolean;
  /** Redirect URIs registered for both demo clients besides the defaults. */
  readonly extraRedirectUris: readonly string[];
  /** Time a photo stays `processing` before its download starts, in milliseconds. */
  readonly processingDelayMs: number;
  /** Largest image the fetcher downloads, in bytes. */
  readonly maxDownloadBytes: number;
  /** Time limit for one download (connect, headers and body together), in milliseconds. */
  readonly fetchTimeoutMs: number;
  /**
   * Answer only what the vendor's document requires where it leaves a choice: photo lists
   * without `hash` (and renditions, creator), descriptions kept in the service's own form
   * (`<b>` as `<strong>`, `<i>` as `<em>`). See `api/minimal-answers.ts`.
   */
  readonly minimalAnswers: boolean;
};

/** The private-use scheme of the desktop app (reverse DNS of its app id), registered by default. */
export const APP_REDIRECT_URI = 'com.photouploader.app:/oauth/callback';
/** Loopback redirect registered by default; any port matches (RFC 8252 §7.3). */
export const LOOPBACK_REDIRECT_URI = 'http://127.0.0.1/callback';

export const DEFAULT_OPTIONS: PhotoServiceOptions = {
  host: '127.0.0.1',
  port: 0,
  autoApprove: false,
  admin: false,
  rotation: 'immediate',
  accessTokenTtlSeconds: 7200,
  rateLimit: true,
  rateWindowMs: 60_000,
  writeLimit: 100,
  readLimit: 240,
  retryAfter: false,
  allowPrivateFetch: false,
  withS3: false,
  tls: false,
  cdn: false,
  extraRedirectUris: [],
  processingDelayMs: 0,
  maxDownloadBytes: 50 * 1024 * 1024,
  fetchTimeoutMs: 30_000,
  minimalAnswers: false,
};

/** Thrown for a command line that cannot be started; the message says which option is wrong. */
export class OptionsError extends Error {
  override readonly name = 'OptionsError';
}

function positiveInteger(name: string, raw: string | undefined, fallback: number, min = 1): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new OptionsError(`--${name} takes a whole number of at least ${min}, not "${raw}"`);
  }
  return value;
}

function onOff(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined) return fallback;
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  throw new OptionsError(`--${name} takes "on" or "off", not "${raw}"`);
}

function rotation(raw: string | undefined): RotationPolicy {
  if (raw === undefined) return DEFAULT_OPTIONS.rotation;
  if (raw === 'immediate' || raw === 'on-first-use') return raw;
  throw new OptionsError(`--rotation takes "immediate" or "on-first-use", not "${raw}"`);
}

function loopbackHost(raw: string | undefined): string {
  const host = raw ?? DEFAULT_OPTIONS.host;
  if (!['127.0.0.1', '::1', 'localhost'].includes(host)) {
    throw new OptionsError(`--host must be a loopback address (127.0.0.1 or ::1), not "${host}"`);
  }
  return host;
}

function redirectUri(raw: string): string {
  if (!URL.canParse(raw)) throw new OptionsError(`--redirect-uri "${raw}" is not an absolute URI`);
  if (raw.includes('#')) throw new OptionsError(`--redirect-uri "${raw}" must not have a fragment`);
  return raw;
}

/**
 * Parses the launcher's command line (`npm run service -- [options]`) into options.
 * @throws OptionsError for an unknown option or a bad value.
 */
export function parseServiceArgs(argv: readonly string[]): PhotoServiceOptions {
  const { values } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      'auto-approve': { type: 'boolean' },
      admin: { type: 'boolean' },
      rotation: { type: 'string' },
      'access-token-ttl': { type: 'string' },
      'rate-limit': { type: 'string' },
      'rate-window-ms': { type: 'string' },
      'retry-after': { type: 'string' },
      'allow-private-fetch': { type: 'boolean' },
      'with-s3': { type: 'boolean' },
      tls: { type: 'boolean' },
      cdn: { type: 'boolean' },
      'redirect-uri': { type: 'string', multiple: true },
      'processing-delay-ms': { type: 'string' },
      'max-download-bytes': { type: 'string' },
      'minimal-answers': { type: 'boolean' },
    },
  });
  return {
    ...DEFAULT_OPTIONS,
    host: loopbackHost(values.host),
    port: positiveInteger('port', values.port, DEFAULT_OPTIONS.port, 0),
    autoApprove: values['auto-approve'] ?? false,
    admin: values.admin ?? false,
    rotation: rotation(values.rotation),
    accessTokenTtlSeconds: positiveInteger(
      'access-token-ttl',
      values['access-token-ttl'],
      DEFAULT_OPTIONS.accessTokenTtlSeconds,
    ),
    rateLimit: onOff('rate-limit', values['rate-limit'], DEFAULT_OPTIONS.rateLimit),
    rateWindowMs: positiveInteger(
      'rate-window-ms',
      values['rate-window-ms'],
      DEFAULT_OPTIONS.rateWindowMs,
    ),
    retryAfter: onOff('retry-after', values['retry-after'], DEFAULT_OPTIONS.retryAfter),
    allowPrivateFetch: values['allow-private-fetch'] ?? false,
    withS3: values['with-s3'] ?? false,
    tls: values.tls ?? false,
    cdn: values.cdn ?? false,
    extraRedirectUris: (values['redirect-uri'] ?? []).map(redirectUri),
    processingDelayMs: positiveInteger(
      'processing-delay-ms',
      values['processing-delay-ms'],
      DEFAULT_OPTIONS.processingDelayMs,
      0,
    ),
    maxDownloadBytes: positiveInteger(
      'max-download-bytes',
      values['max-download-bytes'],
      DEFAULT_OPTIONS.maxDownloadBytes,
    ),
    minimalAnswers: values['minimal-answers'] ?? false,
  };
}
