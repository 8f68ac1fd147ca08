import type { ServicePhoto } from '../api/api-schemas';
import type { PhotoServiceClient } from '../api/photo-service-client';

/** What a look at the service found for one queued photo. */
export type Lookup =
  /** The service has a photo with the same capture time and MD5: it is this one. */
  | { readonly kind: 'found'; readonly photo: ServicePhoto }
  /** A photo at the same capture time whose MD5 the service has not given (yet): it may be this one. */
  | { readonly kind: 'maybe' }
  /** Nothing at that capture time can be this photo. */
  | { readonly kind: 'absent' };

/** Photos asked for per page when looking. */
export const LOOKUP_PAGE_SIZE = 100;
/** A service that ignores `page` would page forever; this many pages is plenty for one second. */
const MAX_LOOKUP_PAGES = 20;

/**
 * Looks among a project's photos taken at exactly `capturedAt` (epoch seconds) for one with the
 * MD5 `md5` (or any of them: a converted photo is known by its original's and its JPEG's). Pages until a short page, judged by the length of the array the service sent (an
 * item it sent that could not be read still counts). A candidate without a readable hash is a
 * `maybe` whatever its status says: without its MD5 nobody can tell it is not this photo, and
 * creating again could make a duplicate.
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
      if (photo.hash === null) maybe = true;
    }
    // Skipped items may have been this photo: only a page with nothing skipped rules them out.
    if (answer.items.length < answer.rawLength) maybe = true;
    if (answer.rawLength < LOOKUP_PAGE_SIZE) return maybe ? { kind: 'maybe' } : { kind: 'absent' };
  }
  return { kind: 'maybe' };
}
