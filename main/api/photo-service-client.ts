import type { ServicePhoto, ServiceProject } from './api-schemas';

/** What a new photo is created with (spec: `POST /v2/projects/:id/photos`). */
export type NewPhoto = {
  readonly uri: string;
  /** Whole seconds since the epoch, never milliseconds. */
  readonly capturedAt: number;
  readonly coordinates: { readonly lat: number; readonly lon: number } | null;
  readonly description: string;
  readonly internal: boolean;
  /** Sent only when there are some (the service's field is optional). */
  readonly tags?: readonly string[];
};

/**
 * What a create's 2xx answer said. Any 2xx means the service took the photo: with its id when the
 * body named one, else `accepted` (the id must be found by looking, never by creating again).
 */
export type CreateAnswer =
  | { readonly kind: 'created'; readonly photo: ServicePhoto }
  | { readonly kind: 'accepted'; readonly status: number };

/**
 * What a description change's 2xx answer said: the description as the service now keeps it
 * (sanitized with the policy), or undefined when the body did not say it.
 */
export type DescriptionAnswer = { readonly description: string | undefined };

/** One page of a list, with the length of the array the service sent (paging goes by that). */
export type Page<T> = { readonly items: readonly T[]; readonly rawLength: number };

/** Which photos of a project to list: capture times in epoch seconds, inclusive. */
export type PhotoQuery = {
  readonly startDate?: number;
  readonly endDate?: number;
  readonly page?: number;
  readonly perPage?: number;
};

/** Which projects to list: `query` matches name or address. */
export type ProjectQuery = {
  readonly query?: string;
  readonly page?: number;
  readonly perPage?: number;
};

/**
 * The Photo Service as the upload engine uses it. Calls throw `ApiError`, `NetworkError` or
 * `AuthRequiredError` (see `classify`). `PhotoServiceApi` is the real one.
 */
export interface PhotoServiceClient {
  /** @returns as soon as any 2xx arrived, whatever its body said. */
  createPhoto(projectId: string, photo: NewPhoto, signal?: AbortSignal): Promise<CreateAnswer>;
  /** Replaces a photo's description; any 2xx is success, whatever its body said. */
  setDescription(
    photoId: string,
    description: string,
    signal?: AbortSignal,
  ): Promise<DescriptionAnswer>;
  getPhoto(photoId: string, signal?: AbortSignal): Promise<ServicePhoto>;
  /** One page of a project's photos, newest capture first; unreadable items are skipped. */
  projectPhotosPage(
    projectId: string,
    query: PhotoQuery,
    signal?: AbortSignal,
  ): Promise<Page<ServicePhoto>>;
  /** One page of projects; unreadable items are skipped. */
  listProjects(query: ProjectQuery, signal?: AbortSignal): Promise<ServiceProject[]>;
  /** One page of projects with the length of the array the service sent (paging goes by that). */
  projectsPage(query: ProjectQuery, signal?: AbortSignal): Promise<Page<ServiceProject>>;
  /** Drops the connection pool (after a network change or waking from sleep). */
  replacePool(): void;
}
