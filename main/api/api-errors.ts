import type { Words } from '../../shared/i18n/translator';
import { words } from '../../shared/i18n/words';
import { AuthRequiredError } from '../auth/auth-errors';
import { CertificateError, NetworkError } from '../http/network-error';

/** The service answered with an error status. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** The service's `errors` messages, or a description of the answer. */
    readonly messages: readonly string[],
    /** `Retry-After`, when the service sent one (429, 503), in milliseconds. */
    readonly retryAfterMs: number | undefined,
  ) {
    super(
      `The Photo Service answered ${status}${messages.length > 0 ? `: ${messages.join('; ')}` : ''}`,
    );
  }
}

/** What to do about a failed call; decided in one place for the whole engine. */
export type Disposition =
  /** Try again after a pause (429, 5xx): the item keeps its place. */
  | { readonly kind: 'retry'; readonly afterMs: number | undefined }
  /** The service cannot be reached: everything waits until it answers again. */
  | { readonly kind: 'wait-for-network' }
  /** The session has ended: everything waits for a new sign-in. */
  | { readonly kind: 'wait-for-sign-in' }
  /** Only the user can fix this (bad project, refused content): the item waits with the reason. */
  | { readonly kind: 'needs-user'; readonly reason: Words };

/** Parses `Retry-After` (seconds or an HTTP date) into milliseconds from `now`. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A refusal in words; the service's own messages (its language) are passed on as they are. */
export function describeRefusal(error: ApiError): Words {
  if (error.status === 404) return words('reason.service.notFound');
  if (error.status === 403) return words('reason.service.forbidden');
  if (error.messages.length === 0) return words('reason.service.refused', { status: error.status });
  return words('reason.service.refusedWithDetails', {
    status: error.status,
    details: error.messages.join('; ').slice(0, 2000),
  });
}

/** Classifies any error from an API call. A 429, a 5xx or a network error never fails an item. */
export function classify(error: unknown): Disposition {
  if (error instanceof AuthRequiredError) return { kind: 'wait-for-sign-in' };
  if (error instanceof NetworkError) return { kind: 'wait-for-network' };
  // Waiting does not make a certificate trusted: the user must act (a CA file, the system store).
  if (error instanceof CertificateError) return { kind: 'needs-user', reason: error.words };
  if (error instanceof ApiError) {
    if (error.status === 401) return { kind: 'wait-for-sign-in' };
    if (error.status === 429 || error.status === 408 || error.status >= 500)
      return { kind: 'retry', afterMs: error.retryAfterMs };
    return { kind: 'needs-user', reason: describeRefusal(error) };
  }
  return { kind: 'retry', afterMs: undefined };
}
