import type { ServiceCopyView } from '../../shared/ipc/views';
import type { PhotoServiceClient } from '../api/photo-service-client';

// Before a batch is queued, the review list and the command line say which photos are already on
// the service: in the chosen project (its photos around each capture time, by MD5), or in another
// project this computer uploaded them to (the service offers no search by hash across projects,
// so that part is this computer's queue history; the user decides).
// A HEIC or TIFF photo sent as JPEG is on the service under its JPEG's MD5, which is not known
// before the upload (converting every photo of a batch just to review it would cost seconds
// each). So this list may miss such a copy; the upload engine converts first and looks for both
// MD5s before it creates anything (`duplicate-check.ts`), so the copy is still never created and
// the item ends "already on the service" with the photo's id.

/** A photo of the batch to look for. */
export type PhotoToFind = {
  readonly intakeId: number;
  readonly md5: string;
  readonly capturedAt: number;
};

/** Photos whose capture times are this close are looked for with one listing. */
const WINDOW_GAP_S = 60 * 60;
/** One listing never spans more than this, so a sparse batch does not list a whole project. */
const WINDOW_SPAN_S = 24 * 60 * 60;
const PAGE_SIZE = 100;
/** A service that ignores `page` would page forever. */
const MAX_PAGES = 200;

/** Capture-time windows that cover `times`, sorted: close times share one window. */
export function captureWindows(times: readonly number[]): { start: number; end: number }[] {
  const sorted = [...new Set(times)].sort((a, b) => a - b);
  const windows: { start: number; end: number }[] = [];
  for (const time of sorted) {
    const last = windows.at(-1);
    if (last !== undefined && time - last.end <= WINDOW_GAP_S && time - last.start <= WINDOW_SPAN_S)
      last.end = time;
    else windows.push({ start: time, end: time });
  }
  return windows;
}

/**
 * The photos of `projectId` taken within `photos`' capture windows, by capture second and MD5
 * (each page a paced read). Photos without a hash yet cannot be matched and are left out.
 * @throws what the client throws.
 */
async function serviceHashes(
  client: PhotoServiceClient,
  projectId: string,
  photos: readonly PhotoToFind[],
  signal?: AbortSignal,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const window of captureWindows(photos.map((photo) => photo.capturedAt))) {
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const answer = await client.projectPhotosPage(
        projectId,
        { startDate: window.start, endDate: window.end, page, perPage: PAGE_SIZE },
        signal,
      );
      for (const photo of answer.items)
        if (photo.hash !== null && photo.captured_at !== null)
          found.set(`${photo.captured_at}:${photo.hash}`, photo.id);
      if (answer.rawLength < PAGE_SIZE) break;
    }
  }
  return found;
}

/**
 * Which of `photos` are already on the service: in `projectId` (asked of the service), else in
 * another project this computer uploaded the same bytes to (`uploadedCopies`, the queue's history).
 * @throws what the client throws.
 */
export async function findCopies(
  client: PhotoServiceClient,
  uploadedCopies: (
    md5s: readonly string[],
  ) => ReadonlyMap<string, readonly { photoId: string; projectId: string }[]>,
  projectId: string,
  photos: readonly PhotoToFind[],
  signal?: AbortSignal,
): Promise<ServiceCopyView[]> {
  if (photos.length === 0) return [];
  const onService = await serviceHashes(client, projectId, photos, signal);
  const history = uploadedCopies(photos.map((photo) => photo.md5));
  return photos.flatMap((photo): ServiceCopyView[] => {
    const here = onService.get(`${photo.capturedAt}:${photo.md5}`);
    if (here !== undefined)
      return [{ intakeId: photo.intakeId, photoId: here, projectId, inChosenProject: true }];
    // The service was asked about the chosen project: only copies elsewhere come from history.
    const elsewhere = history.get(photo.md5)?.find((copy) => copy.projectId !== projectId);
    return elsewhere === undefined
      ? []
      : [
          {
            intakeId: photo.intakeId,
            photoId: elsewhere.photoId,
            projectId: elsewhere.projectId,
            inChosenProject: false,
          },
        ];
  });
}
