import type { z } from 'zod';
import type { Clock } from '../../shared/domain/clock';
import type { AuthSession } from '../auth/auth-session';
import { createHttpAgent, type HttpAgent } from '../http/http-agent';
import { toNetworkError } from '../http/network-error';
import { readJson } from '../http/read-json';
import type { Logger } from '../logging/logger';
import { ApiError, parseRetryAfter } from './api-errors';
import {
  errorBodySchema,
  parseList,
  photoListItemSchema,
  photoSchema,
  projectSchema,
  type ServicePhoto,
  type ServiceProject,
} from './api-schemas';
import { type RateBucket } from './pacing';
import { queryParams } from './query-params';
import type {
  CreateAnswer,
  DescriptionAnswer,
  NewPhoto,
  Page,
  PhotoQuery,
  PhotoServiceClient,
  ProjectQuery,
} from './photo-service-client';

export type { NewPhoto } from './photo-service-client';

/** Longest a single call may take, start to end. */
const CALL_TIMEOUT_MS = 60_000;

/** What the client needs of the sign-in session: requests with the bearer token (401 → refresh → retry). */
export type AuthorizedRequester = Pick<AuthSession, 'authorizedRequest'>;

/** A 2xx answer: its status and its body, `undefined` when the body was empty, not JSON or broke off. */
type Answer = { readonly status: number; readonly json: unknown };

const NOT_UNDERSTOOD = 'The Photo Service sent an answer this app does not understand';

/**
 * The Photo Service's v2 API over undici: bearer auth through the sign-in session (401 → one
 * refresh → one retry), writes and reads paced by shared token buckets, answers parsed with
 * schemas that require only `id` and accept the variants seen in the wild. Throws `ApiError`,
 * `NetworkError` or `AuthRequiredError`; `classify()` says what each means.
 */
export class PhotoServiceApi implements PhotoServiceClient {
  #dispatcher: HttpAgent;

  constructor(
    private readonly session: AuthorizedRequester,
    private readonly baseUrl: string,
    private readonly buckets: { readonly writes: RateBucket; readonly reads: RateBucket },
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** A fresh pool with the core's proxy and certificates (default: from the environment). */
    private readonly createPool: () => HttpAgent = () => createHttpAgent(),
  ) {
    this.#dispatcher = createPool();
  }

  async createPhoto(
    projectId: string,
    photo: NewPhoto,
    signal?: AbortSignal,
  ): Promise<CreateAnswer> {
    const answer = await this.#call(
      'POST',
      `/v2/projects/${encodeURIComponent(projectId)}/photos`,
      signal,
      {
        photo: {
          uri: photo.uri,
          captured_at: photo.capturedAt,
          ...(photo.coordinates ? { coordinates: photo.coordinates } : {}),
          description: photo.description,
          internal: photo.internal,
          ...(photo.tags !== undefined && photo.tags.length > 0 ? { tags: photo.tags } : {}),
        },
      },
    );
    const parsed = photoSchema.safeParse(answer.json);
    if (parsed.success) return { kind: 'created', photo: parsed.data };
    // The service took the photo (a 2xx) but did not say its id: it is found by looking, later.
    this.logger.warn('a create was accepted without a readable photo id', {
      status: answer.status,
    });
    return { kind: 'accepted', status: answer.status };
  }

  async setDescription(
    photoId: string,
    description: string,
    signal?: AbortSignal,
  ): Promise<DescriptionAnswer> {
    // Any 2xx replaced the description. The body (a Photo, wrapped or not, or nothing) may say
    // the description in the form the service keeps it: the base of the user's next edit.
    const answer = await this.#call(
      'POST',
      `/v2/photos/${encodeURIComponent(photoId)}/descriptions`,
      signal,
      { description },
    );
    const photo = photoSchema.safeParse(answer.json);
    return { description: photo.success ? photo.data.description : undefined };
  }

  async getPhoto(photoId: string, signal?: AbortSignal): Promise<ServicePhoto> {
    const answer = await this.#call('GET', `/v2/photos/${encodeURIComponent(photoId)}`, signal);
    return this.#parse(photoSchema, answer);
  }

  /** One page of a project's photos, newest capture first, optionally within capture times (seconds, inclusive). */
  async listProjectPhotos(
    projectId: string,
    query: PhotoQuery,
    signal?: AbortSignal,
  ): Promise<ServicePhoto[]> {
    return [...(await this.projectPhotosPage(projectId, query, signal)).items];
  }

  async projectPhotosPage(
    projectId: string,
    query: PhotoQuery,
    signal?: AbortSignal,
  ): Promise<Page<ServicePhoto>> {
    const params = queryParams({
      page: query.page ?? 1,
      per_page: query.perPage ?? 100,
      start_date: query.startDate,
      end_date: query.endDate,
    });
    const answer = await this.#call(
      'GET',
      `/v2/projects/${encodeURIComponent(projectId)}/photos?${params}`,
      signal,
    );
    return this.#parsePage(photoListItemSchema, answer, 'photo');
  }

  async listProjects(query: ProjectQuery, signal?: AbortSignal): Promise<ServiceProject[]> {
    return [...(await this.projectsPage(query, signal)).items];
  }

  async projectsPage(query: ProjectQuery, signal?: AbortSignal): Promise<Page<ServiceProject>> {
    const params = queryParams({
      query: query.query,
      page: query.page ?? 1,
      per_page: query.perPage ?? 50,
    });
    const answer = await this.#call('GET', `/v2/projects?${params}`, signal);
    return this.#parsePage(projectSchema, answer, 'project');
  }

  /** Drops the connection pool (after a network change or waking from sleep). */
  replacePool(): void {
    const old = this.#dispatcher;
    this.#dispatcher = this.createPool();
    void old.close().catch(() => undefined);
    this.logger.info('connection pool replaced');
  }

  async close(): Promise<void> {
    await this.#dispatcher.close();
  }

  #parse<T extends z.ZodType>(schema: T, answer: Answer): z.output<T> {
    const parsed = schema.safeParse(answer.json);
    if (!parsed.success) throw new ApiError(502, [NOT_UNDERSTOOD], undefined);
    return parsed.data;
  }

  /** A list item by item: an unreadable item is skipped with a log line (ids only), never the page. */
  #parsePage<T extends z.ZodType>(
    schema: T,
    answer: Answer,
    what: 'photo' | 'project',
  ): Page<z.output<T>> {
    const list = parseList(answer.json, schema);
    if (list === undefined) throw new ApiError(502, [NOT_UNDERSTOOD], undefined);
    for (const skipped of list.skipped)
      this.logger.warn(`skipped an unreadable ${what} in a list`, {
        index: skipped.index,
        id: skipped.id,
      });
    return { items: list.items, rawLength: list.rawLength };
  }

  /**
   * Sends one request and returns a 2xx answer's body (undefined when it is empty, not JSON or
   * broke off: the status alone already says the call succeeded). Throws for anything else.
   */
  async #call(
    method: 'GET' | 'POST',
    path: string,
    signal?: AbortSignal,
    body?: unknown,
  ): Promise<Answer> {
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
    const succeeded = response.statusCode >= 200 && response.statusCode < 300;
    let json: unknown;
    try {
      json = await readJson(response.body);
    } catch (error) {
      // A 2xx whose body broke off still succeeded (a create is stored); anything else is as
      // good as no answer.
      if (!succeeded) throw toNetworkError(error, `${this.baseUrl}${path}`, signal);
      json = undefined;
    }
    if (succeeded) return { status: response.statusCode, json };
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
