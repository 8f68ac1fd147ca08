import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import type { Clock } from '../../shared/domain/clock';
import type { AuthSession } from '../auth/auth-session';
import { createHttpAgent } from '../http/http-agent';
import { toNetworkError } from '../http/network-error';
import { readJson } from '../http/read-json';
import type { Logger } from '../logging/logger';
import { ApiError, parseRetryAfter } from './api-errors';
import {
  errorBodySchema,
  photoListSchema,
  photoSchema,
  projectListSchema,
  type ServicePhoto,
  type ServiceProject,
} from './api-schemas';
import { type RateBucket } from './pacing';

/** What a new photo is created with (spec: `POST /v2/projects/:id/photos`). */
export type NewPhoto = {
  readonly uri: string;
  /** Whole seconds since the epoch, never milliseconds. */
  readonly capturedAt: number;
  readonly coordinates: { readonly lat: number; readonly lon: number } | null;
  readonly description: string;
  readonly internal: boolean;
};

/** Longest a single call may take, start to end. */
const CALL_TIMEOUT_MS = 60_000;

/**
 * The Photo Service's v2 API over undici: bearer auth through the sign-in session (401 → one
 * refresh → one retry), writes and reads paced by shared token buckets, answers parsed with
 * schemas that accept the variants seen in the wild. Throws `ApiError`, `NetworkError` or
 * `AuthRequiredError`; `classify()` says what each means.
 */
export class PhotoServiceApi {
  #dispatcher: Dispatcher & { close(): Promise<void> };

  constructor(
    private readonly session: AuthSession,
    private readonly baseUrl: string,
    private readonly buckets: { readonly writes: RateBucket; readonly reads: RateBucket },
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {
    this.#dispatcher = createHttpAgent();
  }

  createPhoto(projectId: string, photo: NewPhoto, signal?: AbortSignal): Promise<ServicePhoto> {
    return this.#call(
      'POST',
      `/v2/projects/${encodeURIComponent(projectId)}/photos`,
      photoSchema,
      signal,
      {
        photo: {
          uri: photo.uri,
          captured_at: photo.capturedAt,
          ...(photo.coordinates ? { coordinates: photo.coordinates } : {}),
          description: photo.description,
          internal: photo.internal,
        },
      },
    );
  }

  setDescription(
    photoId: string,
    description: string,
    signal?: AbortSignal,
  ): Promise<ServicePhoto> {
    return this.#call(
      'POST',
      `/v2/photos/${encodeURIComponent(photoId)}/descriptions`,
      photoSchema,
      signal,
      { description },
    );
  }

  getPhoto(photoId: string, signal?: AbortSignal): Promise<ServicePhoto> {
    return this.#call('GET', `/v2/photos/${encodeURIComponent(photoId)}`, photoSchema, signal);
  }

  /** One page of a project's photos, newest capture first, optionally within capture times (seconds, inclusive). */
  listProjectPhotos(
    projectId: string,
    query: {
      readonly startDate?: number;
      readonly endDate?: number;
      readonly page?: number;
      readonly perPage?: number;
    },
    signal?: AbortSignal,
  ): Promise<ServicePhoto[]> {
    const params = new URLSearchParams({
      page: String(query.page ?? 1),
      per_page: String(query.perPage ?? 100),
    });
    if (query.startDate !== undefined) params.set('start_date', String(query.startDate));
    if (query.endDate !== undefined) params.set('end_date', String(query.endDate));
    return this.#call(
      'GET',
      `/v2/projects/${encodeURIComponent(projectId)}/photos?${params.toString()}`,
      photoListSchema,
      signal,
    );
  }

  listProjects(
    query: { readonly query?: string; readonly page?: number; readonly perPage?: number },
    signal?: AbortSignal,
  ): Promise<ServiceProject[]> {
    const params = new URLSearchParams({
      page: String(query.page ?? 1),
      per_page: String(query.perPage ?? 50),
    });
    if (query.query) params.set('query', query.query);
    return this.#call('GET', `/v2/projects?${params.toString()}`, projectListSchema, signal);
  }

  /** Drops the connection pool (after a network change or waking from sleep). */
  replacePool(): void {
    const old = this.#dispatcher;
    this.#dispatcher = createHttpAgent();
    void old.close().catch(() => undefined);
    this.logger.info('connection pool replaced');
  }

  async close(): Promise<void> {
    await this.#dispatcher.close();
  }

  async #call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: T,
    signal?: AbortSignal,
    body?: unknown,
  ): Promise<z.output<T>> {
    const bucket = method === 'GET' ? this.buckets.reads : this.buckets.writes;
    await bucket.take(signal);
    const timeout = AbortSignal.timeout(CALL_TIMEOUT_MS);
    const response = await this.session.authorizedRequest(`${this.baseUrl}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      dispatcher: this.#dispatcher,
    });
    let json: unknown;
    try {
      json = await readJson(response.body);
    } catch (error) {
      // The answer broke off: as good as no answer.
      throw toNetworkError(error, `${this.baseUrl}${path}`, signal);
    }
    if (response.statusCode >= 200 && response.statusCode < 300) {
      const parsed = schema.safeParse(json);
      if (!parsed.success)
        throw new ApiError(
          502,
          ['The Photo Service sent an answer this app does not understand'],
          undefined,
        );
      return parsed.data;
    }
    const errors = errorBodySchema.safeParse(json);
    const retryAfter = response.headers['retry-after'];
    const retryAfterMs = parseRetryAfter(
      typeof retryAfter === 'string' ? retryAfter : undefined,
      this.clock.now(),
    );
    if (response.statusCode === 429 && retryAfterMs !== undefined) bucket.blockFor(retryAfterMs);
    throw new ApiError(response.statusCode, errors.success ? errors.data.errors : [], retryAfterMs);
  }
}
