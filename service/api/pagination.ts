import { ApiError } from './api-error';

export const DEFAULT_PER_PAGE = 50;
export const MAX_PER_PAGE = 100;

type Query = Readonly<Record<string, unknown>>;

/** A parsed query string as a record; anything else (never, with Fastify's parser) is empty. */
export function queryOf(value: unknown): Query {
  return typeof value === 'object' && value !== null ? { ...value } : {};
}

/**
 * A non-negative integer query parameter, or undefined when absent.
 * @throws ApiError 400 for anything else (a repeated parameter included).
 */
export function integerParam(query: Query, name: string, min = 0): number | undefined {
  const raw = query[name];
  if (raw === undefined || raw === '') return undefined;
  const value = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min) {
    throw new ApiError(400, [`${name} must be a whole number of at least ${min}`]);
  }
  return value;
}

/** `page` (from 1) and `per_page` (1 to 100; larger asks are clamped to 100, as the real API does). */
export function pageOf<T>(items: readonly T[], query: Query): readonly T[] {
  const page = integerParam(query, 'page', 1) ?? 1;
  const perPage = Math.min(integerParam(query, 'per_page', 1) ?? DEFAULT_PER_PAGE, MAX_PER_PAGE);
  return items.slice((page - 1) * perPage, page * perPage);
}

/** The first value of a string query parameter. */
export function stringParam(query: Query, name: string): string | undefined {
  const raw = query[name];
  if (Array.isArray(raw)) throw new ApiError(400, [`${name} must not repeat`]);
  return typeof raw === 'string' ? raw : undefined;
}
