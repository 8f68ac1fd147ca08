import type { Words } from '../../shared/i18n/translator';
import { englishFor, words } from '../../shared/i18n/words';

/**
 * A request that got no usable answer: no connection, a reset, a timeout, a broken body. Always
 * worth retrying later; never a reason to fail an item or sign the user out.
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly code = 'network';

  constructor(
    message: string,
    /** The system or undici error code, e.g. ECONNREFUSED or UND_ERR_HEADERS_TIMEOUT. */
    readonly reason: string | undefined,
  ) {
    super(message);
  }
}

/**
 * A server whose certificate this computer does not trust (a company CA, a self-signed or expired
 * certificate, a wrong name). Waiting does not help, so it is never "offline": whatever failed
 * ends with this message, which names the problem and the fix.
 */
export class CertificateError extends Error {
  override readonly name = 'CertificateError';
  readonly code = 'certificate';

  constructor(
    /** What is wrong and what to do, in words (`message` is their English, for the logs). */
    readonly words: Words,
    /** The TLS error code, e.g. SELF_SIGNED_CERT_IN_CHAIN. */
    readonly reason: string,
  ) {
    super(englishFor(words));
  }
}

/** TLS codes for a certificate that is not trusted, as the problems its message names. */
const CERTIFICATE_PROBLEMS: Readonly<Record<string, string>> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unableToVerify',
  UNABLE_TO_GET_ISSUER_CERT: 'unknownIssuer',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'unknownIssuer',
  SELF_SIGNED_CERT_IN_CHAIN: 'selfSignedInChain',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'selfSigned',
  CERT_HAS_EXPIRED: 'expired',
  CERT_NOT_YET_VALID: 'notYetValid',
  CERT_UNTRUSTED: 'untrusted',
  CERT_SIGNATURE_FAILURE: 'signatureFailure',
  ERR_TLS_CERT_ALTNAME_INVALID: 'wrongHost',
};

/**
 * A `CertificateError` when `error` (or its cause) is a TLS verification failure for `url`,
 * else undefined. Only the origin is named, never a path or query.
 */
export function certificateError(error: unknown, url: URL | string): CertificateError | undefined {
  const reason = errorCode(error);
  const problem = reason === undefined ? undefined : CERTIFICATE_PROBLEMS[reason];
  if (reason === undefined || problem === undefined) return undefined;
  return new CertificateError(
    words('reason.network.certificateUntrusted', { origin: new URL(url).origin, problem }),
    reason,
  );
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code) return code;
  return 'cause' in error ? errorCode(error.cause) : undefined;
}

/**
 * Turns what undici throws into a `NetworkError` (or a `CertificateError`) that names the host and reason but never the
 * URL's query (which may hold a signed address) or any body.
 */
export function toNetworkError(
  error: unknown,
  url: URL | string,
  signal?: AbortSignal,
): NetworkError | CertificateError | Error {
  if (signal?.aborted) return error instanceof Error ? error : new Error('Aborted');
  const untrusted = certificateError(error, url);
  if (untrusted) return untrusted;
  const host = new URL(url).host;
  const reason = errorCode(error);
  return new NetworkError(`Could not reach ${host}${reason ? ` (${reason})` : ''}`, reason);
}
