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
    message: string,
    /** The TLS error code, e.g. SELF_SIGNED_CERT_IN_CHAIN. */
    readonly reason: string,
  ) {
    super(message);
  }
}

/** TLS codes for a certificate that is not trusted, in the user's words. */
const CERTIFICATE_PROBLEMS: Readonly<Record<string, string>> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'unable to verify the first certificate',
  UNABLE_TO_GET_ISSUER_CERT: 'the issuer certificate is unknown',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'the issuer certificate is unknown',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed certificate in chain',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed certificate',
  CERT_HAS_EXPIRED: 'certificate has expired',
  CERT_NOT_YET_VALID: 'certificate is not yet valid',
  CERT_UNTRUSTED: 'certificate not trusted',
  CERT_SIGNATURE_FAILURE: 'certificate signature failure',
  ERR_TLS_CERT_ALTNAME_INVALID: 'the certificate is for another host name',
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
    `The certificate of ${new URL(url).origin} is not trusted (${problem}): pass --ca-file with your company's CA (the caFile setting in the app), or add it to the system store.`,
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
