import { hasEveryTag, uploaderKey } from '../../../shared/domain/photo-match';
import type { PhotoView } from '../../../shared/ipc/views';

/** What the Existing photos grid is narrowed to; empty strings mean "no bound". */
export type PhotoFilter = {
  /** First capture day shown, `YYYY-MM-DD` (a date input's value), inclusive. */
  readonly from: string;
  /** Last capture day shown, `YYYY-MM-DD`, inclusive. */
  readonly to: string;
  /** Words the description must contain (plain text, any case). */
  readonly text: string;
  /** A tag the photo must carry (compared as tags are, any case); '' for any. */
  readonly tag: string;
  /**
   * Who uploaded it: an `uploaderKey`, `UPLOADER_UNSTATED` for the photos whose service does
   * not say, '' for anyone.
   */
  readonly uploader: string;
};

/** The uploader filter's choice of the photos whose service does not say who uploaded them. */
export const UPLOADER_UNSTATED = 'unstated';

/** No filter: every photo. */
export const NO_FILTER: PhotoFilter = { from: '', to: '', text: '', tag: '', uploader: '' };

/** Whether `filter` narrows anything. */
export function isFiltering(filter: PhotoFilter): boolean {
  return (
    filter.from !== '' ||
    filter.to !== '' ||
    filter.text.trim() !== '' ||
    filter.tag !== '' ||
    filter.uploader !== ''
  );
}

/** Whether `photo` was uploaded by the one `choice` names (see `PhotoFilter.uploader`). */
function uploaderMatches(photo: Pick<PhotoView, 'uploader'>, choice: string): boolean {
  if (choice === '') return true;
  if (photo.uploader === null) return choice === UPLOADER_UNSTATED;
  return uploaderKey(photo.uploader) === choice;
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/**
 * The words of a (sanitized) description without its markup: block ends and line breaks become
 * spaces, entities are decoded, runs of white space are one space. What people read, so what
 * they search and what the excerpt shows.
 */
export function descriptionText(html: string): string {
  return html
    .replace(/<(?:br|\/p|\/li|\/div|\/ul|\/ol)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return safeCodePoint(Number.parseInt(name.slice(2), 16), whole);
      if (name.startsWith('#')) return safeCodePoint(Number.parseInt(name.slice(1), 10), whole);
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function safeCodePoint(code: number, otherwise: string): string {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff
    ? String.fromCodePoint(code)
    : otherwise;
}

/** One formatter per zone: building an Intl formatter costs far more than using one. */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(zone: string | undefined): Intl.DateTimeFormat {
  const key = zone ?? '';
  let formatter = dayFormatters.get(key);
  if (formatter === undefined) {
    const options: Intl.DateTimeFormatOptions = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    };
    try {
      formatter = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: zone });
    } catch {
      // A zone Intl does not know: the user's own, as the times shown fall back to.
      formatter = new Intl.DateTimeFormat('en-CA', options);
    }
    dayFormatters.set(key, formatter);
  }
  return formatter;
}

/**
 * The day a photo was taken, `YYYY-MM-DD`, on the same clock its time is shown in: the photo's
 * own zone when it has one, else the user's. Undefined without a capture time.
 */
export function captureDay(photo: Pick<PhotoView, 'capturedAt' | 'zone'>): string | undefined {
  if (photo.capturedAt === null) return undefined;
  const parts = dayFormatter(photo.zone).formatToParts(new Date(photo.capturedAt * 1000));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((entry) => entry.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The photos `filter` keeps, in their order: of the photos loaded, since the service's list
 * filters only by capture time. A date bound drops photos without a capture time; the text
 * matches the description's plain text, any case; the tag as `hasEveryTag` compares tags.
 * `textOf` lets a caller reuse the plain text it already computed for the excerpts.
 */
export function filterPhotos(
  photos: readonly PhotoView[],
  filter: PhotoFilter,
  textOf: (photo: PhotoView) => string = (photo) => descriptionText(photo.description),
): readonly PhotoView[] {
  if (!isFiltering(filter)) return photos;
  const words = filter.text.trim().toLocaleLowerCase();
  // Swapped bounds are read the way the user meant them: the days between the two.
  const [from, to] =
    filter.from !== '' && filter.to !== '' && filter.from > filter.to
      ? [filter.to, filter.from]
      : [filter.from, filter.to];
  return photos.filter((photo) => {
    if (from !== '' || to !== '') {
      const day = captureDay(photo);
      if (day === undefined) return false;
      if (from !== '' && day < from) return false;
      if (to !== '' && day > to) return false;
    }
    if (filter.tag !== '' && !hasEveryTag(photo.tags, [filter.tag])) return false;
    if (!uploaderMatches(photo, filter.uploader)) return false;
    return words === '' || textOf(photo).toLocaleLowerCase().includes(words);
  });
}
