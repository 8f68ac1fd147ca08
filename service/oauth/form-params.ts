import { OAuthError } from './oauth-error';

/** A parsed query string or form body: a value may repeat and then arrive as an array. */
export type RawParams = Record<string, string | string[] | undefined>;

/** Narrows a query or form body to a parameter record; anything else is an invalid request. */
export function asParams(value: unknown): RawParams {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object') throw new OAuthError('invalid_request', 'Malformed parameters');
  return value as RawParams;
}

/**
 * One parameter's value. RFC 6749 §3.1: parameters must not repeat; an empty value counts as
 * absent.
 * @throws OAuthError `invalid_request` when it repeats.
 */
export function param(params: RawParams, name: string): string | undefined {
  const value = params[name];
  if (Array.isArray(value)) throw new OAuthError('invalid_request', `${name} must not repeat`);
  return value === undefined || value === '' ? undefined : value;
}
