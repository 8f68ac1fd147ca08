import type { ServicePhoto } from '../api/api-schemas';
import type { CreateAnswer } from '../api/photo-service-client';
import type { EngineStepContext } from './engine-step-context';
import { isStatus } from './engine-parking';
import { lookForPhoto } from './find-photo';
import type { QueueItem } from './queue-store';
import { afterUnresolvedLookup } from './service-waits';

// The engine's steps around the create: sending it (`staged`), reconciling one whose answer was
// lost (`creating`), and finding a photo the service accepted without naming it (`created`).

/** A staged URL is renewed when it would expire before the service could fetch it. */
const URL_MARGIN_MS = 30 * 60_000;

/**
 * The engine's `staged` step: asks the service to create the photo from its staged URL. The item
 * is journaled `creating` before the request, so a lost answer is reconciled, never resent
 * blindly; a URL about to expire sends the item back to `queued` to be staged again.
 */
export async function createStep(
  steps: EngineStepContext,
  item: QueueItem,
  signal?: AbortSignal,
): Promise<void> {
  // Renewed when it would expire before the service could fetch it; at most half its life ahead,
  // so a short-lived URL is not renewed for ever.
  const margin = Math.min(URL_MARGIN_MS, (steps.host.urlLifetimeMs ?? Infinity) / 2);
  if (
    item.uri === null ||
    (item.uri_expires_at !== null && item.uri_expires_at < steps.clock.now() + margin)
  ) {
    steps.save(item, { state: 'queued', uri: null, uri_expires_at: null });
    return;
  }
  // Written before the request: if the answer is lost, the item is reconciled, never resent blindly.
  const creating = steps.save(item, {
    state: 'creating',
    attempts: item.attempts + 1,
    waiting_since: steps.clock.now(),
  });
  let answer: CreateAnswer;
  try {
    answer = await steps.api.createPhoto(
      item.project_id ?? '',
      {
        uri: item.uri,
        capturedAt: item.captured_at ?? 0,
        coordinates:
          item.lat !== null && item.lon !== null ? { lat: item.lat, lon: item.lon } : null,
        description: item.description,
        internal: item.internal,
        tags: item.tags,
      },
      signal,
    );
  } catch (error) {
    const disposition = steps.dispose(error);
    // Refused before it was stored (401 before any effect, 429, or a 4xx): back to staged.
    // A lost answer or a 5xx may have been stored: stay `creating` and reconcile.
    const refused =
      disposition.kind === 'needs-user' ||
      disposition.kind === 'wait-for-sign-in' ||
      isStatus(error, 429);
    return steps.park(
      creating,
      disposition,
      refused ? { state: disposition.kind === 'needs-user' ? 'needs-attention' : 'staged' } : {},
    );
  }
  // Any 2xx: the service took it. Without an id in the answer it is looked for, never re-created.
  steps.save(creating, {
    state: 'created',
    photo_id: answer.kind === 'created' ? answer.photo.id : null,
    processing_status: answer.kind === 'created' ? answer.photo.processing_status : null,
    ...(answer.kind === 'created' ? photoUrlChange(answer.photo) : {}),
    attempts: 0,
    waiting_since: steps.clock.now(),
    next_attempt_at: steps.clock.now() + steps.firstPollMs(),
  });
}

/**
 * The photo's page on the service, when this answer names one: kept for the queue's link. An
 * answer without it leaves what an earlier answer said (the real service may leave it out).
 */
export function photoUrlChange(photo: Pick<ServicePhoto, 'photo_url'>): { photo_url?: string } {
  return photo.photo_url === undefined ? {} : { photo_url: photo.photo_url };
}

/** Adopts the photo the service has for `item`: it is `created` with that id from now on. */
function adopt(steps: EngineStepContext, item: QueueItem, photo: ServicePhoto): void {
  steps.save(item, {
    state: 'created',
    photo_id: photo.id,
    processing_status: photo.processing_status,
    ...photoUrlChange(photo),
    attempts: 0,
    waiting_since: steps.clock.now(),
    next_attempt_at: steps.clock.now(),
  });
}

function lookFor(steps: EngineStepContext, item: QueueItem, signal?: AbortSignal) {
  return lookForPhoto(
    steps.api,
    {
      projectId: item.project_id ?? '',
      capturedAt: item.captured_at ?? 0,
      // The service hashes the bytes it fetched: the JPEG's, when a HEIC or TIFF was converted.
      md5: item.upload_md5 ?? item.md5 ?? '',
    },
    signal,
  );
}

/**
 * A create whose answer never came: adopt the photo if the service has it, wait (bounded) while
 * a photo that may be it has no hash yet, and send again only when nothing can be it.
 */
export async function reconcileStep(
  steps: EngineStepContext,
  item: QueueItem,
  signal?: AbortSignal,
): Promise<void> {
  const since = steps.waitingSince(item);
  let found;
  try {
    found = await lookFor(steps, item, signal);
  } catch (error) {
    return steps.park(item, steps.dispose(error));
  }
  switch (found.kind) {
    case 'found':
      steps.logger.info('adopted a photo created before the answer was lost', { item: item.id });
      return adopt(steps, item, found.photo);
    case 'maybe':
    case 'undecidable':
      // One of these may be ours: its hash is known once it is processed. A service that never
      // lists hashes cannot tell: the bounded wait ends with the user, with the reason.
      steps.save(item, afterUnresolvedLookup(item, 'lost-answer', since, steps.clock.now()));
      return;
    case 'absent':
      steps.logger.info('no photo on the service matches; sending the create again', {
        item: item.id,
      });
      return createStep(steps, steps.save(item, { state: 'staged' }), signal);
  }
}

/**
 * A create the service accepted (2xx) without naming the photo: looked for with backoff until
 * found; never created again by itself. After `LOOKUP_BOUND_MS` the user is asked.
 */
export async function findAcceptedStep(
  steps: EngineStepContext,
  item: QueueItem,
  signal?: AbortSignal,
): Promise<void> {
  const since = steps.waitingSince(item);
  let found;
  try {
    found = await lookFor(steps, item, signal);
  } catch (error) {
    return steps.park(item, steps.dispose(error));
  }
  if (found.kind === 'found') {
    steps.logger.info('found the photo the service accepted without naming it', {
      item: item.id,
      photo: found.photo.id,
    });
    return adopt(steps, item, found.photo);
  }
  steps.save(item, afterUnresolvedLookup(item, 'accepted', since, steps.clock.now()));
}
