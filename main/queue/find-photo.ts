import type { ProcessingStatus, ServicePhoto } from '../api/api-schemas';
import type { PhotoServiceClient } from '../api/photo-service-client';

/** What a look at the service found for one queued photo. */
export type Lookup =
  /** The service has a photo with the same capture time and MD5: it is this one. */
  | { readonly kind: 'found'; readonly photo: ServicePhoto }
  /**
   * A photo at the same capture time that the service is still processing (`pending`,
   * `processing`): its MD5 is to come, and it may be this one.
   */
  | { readonly kind: 'maybe' }
  /**
   * Photos at the same capture time that cannot be told apart from this one and will not be by
   * waiting: the service lists them without a hash (its document requires only `id`) and not as
   * being processed, or an item of the list could not be read.
   */
  | { readonly kind: 'undecidable' }
  /** Nothing at that capture time can be this photo. */
  | { readonly kind: 'absent' };

/** Photos asked for per page when looking. */
export const LOOKUP_PAGE_SIZE = 100;
/** A service that ignores `page` would page forever; this many pages is plenty for one second. */
const MAX_LOOKUP_PAGES = 20;

/**
 * Looks among a project's photos taken at exactly `capturedAt` (epoch seconds) for one with the
 * MD5 `md5` (or any of them: a converted photo is known by its original's and its JPEG's). Pages
 * until a short page, judged by the length of the array the service sent (an item it sent that
 * could not be read still counts). A candidate without a readable hash is never taken for "not
 * this photo": it is a `maybe` while the service says it is processing it (the hash is to come),
 * else `undecidable`. What each means is the caller's rule: a photo never sent cannot be one of
 * them (`duplicate-check.ts`); a create whose answer was lost may be (`create-steps.ts`).
 * @throws what the client throws.
 */
export async function lookForPhoto(
  client: PhotoServiceClient,
  target: {
    readonly projectId: string;
    readonly capturedAt: number;
    readonly md5: string | readonly string[];
  },
  signal?: AbortSignal,
  /** Candidates that cannot be this photo whatever their hash (see `duplicate-check.ts`). */
  ignore: (photo: ServicePhoto) => boolean = () => false,
): Promise<Lookup> {
  const wanted: readonly string[] = typeof target.md5 === 'string' ? [target.md5] : target.md5;
  let maybe = false;
  let undecidable = false;
  for (let page = 1; page <= MAX_LOOKUP_PAGES; page += 1) {
    const answer = await client.projectPhotosPage(
      target.projectId,
      {
        startDate: target.capturedAt,
        endDate: target.capturedAt,
        page,
        perPage: LOOKUP_PAGE_SIZE,
      },
      signal,
    );
    for (const photo of answer.items) {
      // A photo that says it was taken at another time is not this one (whatever the filter did).
      if (photo.captured_at !== null && photo.captured_at !== target.capturedAt) continue;
      if (ignore(photo)) continue;
      if (photo.hash !== null && wanted.includes(photo.hash)) return { kind: 'found', photo };
      if (photo.hash === null) {
        if (STILL_PROCESSING.has(photo.processing_status)) maybe = true;
        else undecidable = true;
      }
    }
    // Skipped items may have been this photo: only a page with nothing skipped rules them out.
    if (answer.items.length < answer.rawLength) undecidable = true;
    if (answer.rawLength < LOOKUP_PAGE_SIZE) {
      // A photo being processed gets its hash: worth waiting for, before giving up on the rest.
      if (maybe) return { kind: 'maybe' };
      return undecidable ? { kind: 'undecidable' } : { kind: 'absent' };
    }
  }
  return { kind: 'undecidable' };
}

/** Statuses after which the service fills `hash`: a candidate in one is worth waiting for. */
const STILL_PROCESSING: ReadonlySet<ProcessingStatus> = new Set(['pending', 'processing']);
