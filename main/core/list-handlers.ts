import type { IpcHandlers } from '../../shared/ipc/dispatcher';
import { IpcFailure } from '../../shared/ipc/dispatcher';
import { words } from '../../shared/i18n/words';
import { hasEveryTag, uploadedBy } from '../../shared/domain/photo-match';
import type { PhotoListingView, ProjectListingView } from '../../shared/ipc/views';
import { classify } from '../api/api-errors';
import type { ServicePhoto, ServiceProject } from '../api/api-schemas';
import type { PhotoServiceApi } from '../api/photo-service-api';
import type { QueueStore } from '../queue/queue-store';
import { findCopies } from './duplicate-lookup';
import { checkProject } from './project-check';
import type { IntakeRuns } from './intake-runs';
import { isArchived, projectView, uploaderOf } from './views';

// The whole-list calls of the command line (`projects`, `photos`) and the review list's "already
// on the service" check. Every page is a paced read through the API client.

/** What these handlers work with. */
export type ListHandlerDeps = {
  /** Runs `work` with the API, turning its errors into words for the user. */
  readonly call: <T>(work: (service: PhotoServiceApi) => Promise<T>) => Promise<T>;
  readonly store: Pick<QueueStore, 'uploadedCopies'>;
  readonly runs: Pick<IntakeRuns, 'photo'>;
  /** Hears each project listed, so recent projects keep their names (as a search does). */
  readonly seen?: (project: ProjectListingView) => void;
};

const PAGE_SIZE = 100;
/** A service that ignores `page` would page forever: this many pages is more than any project. */
const MAX_PAGES = 1000;

/** A project with what the command line lists: coordinates and the archived mark. */
export function projectListingView(project: ServiceProject): ProjectListingView {
  return {
    ...projectView(project),
    coordinates: project.coordinates,
    archived: isArchived(project),
    geofence: project.geofence,
  };
}

/** A photo with what the command line lists. */
export function photoListingView(photo: ServicePhoto): PhotoListingView {
  return {
    id: photo.id,
    capturedAt: photo.captured_at,
    hash: photo.hash,
    description: photo.description ?? '',
    tags: photo.tags,
    uploader: uploaderOf(photo),
    processingStatus: photo.processing_status,
  };
}

/**
 * `photos:list-all`'s filters over one page. The v2 list endpoint filters only by capture time
 * (and a service may send a photo from before `since` anyway), so tags and uploader are applied
 * here, page by page, rather than after every page is held. Counts the photos kept but for the
 * uploader whose uploader the service does not say.
 */
export function keptPhotos(
  photos: readonly PhotoListingView[],
  filter: {
    readonly since?: number | undefined;
    readonly tags: readonly string[];
    readonly uploadedBy?: string | undefined;
  },
): { readonly photos: PhotoListingView[]; readonly uploaderUnstated: number } {
  const { since } = filter;
  const tagged = photos.filter(
    (photo) =>
      (since === undefined || (photo.capturedAt !== null && photo.capturedAt >= since)) &&
      hasEveryTag(photo.tags, filter.tags),
  );
  const uploaderUnstated = tagged.filter((photo) => photo.uploader === null).length;
  const who = filter.uploadedBy;
  return {
    photos: who === undefined ? tagged : tagged.filter((photo) => uploadedBy(photo.uploader, who)),
    uploaderUnstated,
  };
}

/** The handlers of `projects:list-all`, `projects:check`, `photos:list-all` and `photos:find-copies`. */
export function listHandlers(
  deps: ListHandlerDeps,
): Pick<
  IpcHandlers,
  'projects:list-all' | 'projects:check' | 'photos:list-all' | 'photos:find-copies'
> {
  return {
    'projects:check': async (input) => {
      // A problem only the user can fix (a certificate not trusted, an address refused) ends the
      // command here, said once: queueing would only meet it again at upload and say it twice.
      let userMustAct = false;
      try {
        return await deps.call(async (service) => {
          try {
            return await checkProject(service, input.projectId, {
              includeArchived: input.includeArchived,
            });
          } catch (error) {
            userMustAct = classify(error).kind === 'needs-user';
            throw error;
          }
        });
      } catch (error) {
        // Offline, signed out, busy, nothing set up: not a refusal. The caller queues the
        // photos and says so; the queue checks each photo before it is uploaded, as always.
        if (error instanceof IpcFailure && !userMustAct)
          return { kind: 'unchecked', reason: error.message };
        throw error;
      }
    },

    'projects:list-all': (input) =>
      deps.call(async (service) => {
        const projects: ProjectListingView[] = [];
        for (let page = 1; page <= MAX_PAGES; page += 1) {
          const answer = await service.projectsPage({
            query: input.query,
            page,
            perPage: PAGE_SIZE,
          });
          const listed = answer.items.map(projectListingView);
          for (const project of listed) deps.seen?.(project);
          projects.push(...listed);
          // The last page is the one the service sent short: a page that lost an unreadable
          // project when it was read is not the end, and the pages after it still count.
          if (answer.rawLength < PAGE_SIZE) break;
        }
        return { projects };
      }),

    'photos:list-all': (input) =>
      deps.call(async (service) => {
        const photos: PhotoListingView[] = [];
        let uploaderUnstated = 0;
        for (let page = 1; page <= MAX_PAGES; page += 1) {
          const answer = await service.projectPhotosPage(input.projectId, {
            page,
            perPage: PAGE_SIZE,
            ...(input.since === undefined ? {} : { startDate: input.since }),
          });
          const kept = keptPhotos(answer.items.map(photoListingView), input);
          photos.push(...kept.photos);
          uploaderUnstated += kept.uploaderUnstated;
          if (answer.rawLength < PAGE_SIZE) break;
        }
        return { photos, uploaderUnstated };
      }),

    'photos:find-copies': async (input) => {
      const photos = input.intakeIds.map((intakeId) => {
        const photo = deps.runs.photo(intakeId);
        if (photo === undefined)
          throw new IpcFailure('bad-input', words('error.addPhotos.photosGone'));
        return { intakeId, md5: photo.md5, capturedAt: photo.capture.capturedAt };
      });
      return await deps.call(async (service) => ({
        copies: await findCopies(
          service,
          (md5s) => deps.store.uploadedCopies(md5s),
          input.projectId,
          photos,
        ),
      }));
    },
  };
}
