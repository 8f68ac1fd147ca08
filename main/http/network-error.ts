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

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
  if (code) return code;
  return 'cause' in error ? errorCode(error.cause) : undefined;
}

/**
 * Turns what undici throws into a `NetworkError` that names the host and reason but never the
 * URL's query (which may hold a signed address) or any body.
 */
export function toNetworkError(
  error: unknown,
  url: URL | string,
  signal?: AbortSignal,
): NetworkError | Error {
  if (signal?.aborted) return error instanceof Error ? error : new Error('Aborted');
  const host = new URL(url).host;
  const reason = errorCode(error);
  return new NetworkError(`Could not reach ${host}${reason ? ` (${reason})` : ''}`, reason);
}
