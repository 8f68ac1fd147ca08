import { normalizeTags } from './tags';

// Which existing photos a filter keeps, by tag and by who uploaded them. The v2 list endpoint
// filters only by capture time (`start_date`, `end_date`), so these run on our side: in the core
// over every page for the command line, in the window over the pages it has loaded. One rule for
// both, so `photos --tag T` and the window's tag filter keep the same photos.

/**
 * Who uploaded a photo, as the service says (`creator_id`, `creator_name`). At least one of the
 * two is known; a photo whose service says neither has no uploader (null), which is not "nobody".
 */
export type Uploader = { readonly id: string | null; readonly name: string | null };

/** Tells uploaders apart: by id when the service gives one, else by name. */
export function uploaderKey(uploader: Uploader): string {
  return uploader.id !== null ? `id:${uploader.id}` : `name:${uploader.name ?? ''}`;
}

/** How a person reads the uploader: the name, else the id. */
export function uploaderName(uploader: Uploader): string {
  return uploader.name ?? uploader.id ?? '';
}

/** A tag as tags are compared: kept as `normalizeTags` keeps it, in any case. */
export function tagKey(tag: string): string {
  return (normalizeTags([tag])[0] ?? '').toLocaleLowerCase('en');
}

/** Whether `tags` carries every one of `wanted` (compared as `tagKey`); none wanted: true. */
export function hasEveryTag(tags: readonly string[], wanted: readonly string[]): boolean {
  const carried = new Set(tags.map(tagKey));
  return wanted.every((tag) => tagKey(tag) === '' || carried.has(tagKey(tag)));
}

/**
 * Whether the photo was uploaded by the one `who` names: its id exactly, or its name in any case
 * (trimmed). A photo whose service does not say who uploaded it matches nobody.
 */
export function uploadedBy(uploader: Uploader | null, who: string): boolean {
  if (uploader === null) return false;
  const wanted = who.trim();
  if (wanted === '') return true;
  if (uploader.id === wanted) return true;
  return (
    uploader.name !== null &&
    uploader.name.trim().toLocaleLowerCase('en') === wanted.toLocaleLowerCase('en')
  );
}

/** The distinct tags of `photos`, the first spelling of each, sorted for a person to pick from. */
export function tagsOf(photos: readonly { readonly tags: readonly string[] }[]): string[] {
  const byKey = new Map<string, string>();
  for (const photo of photos)
    for (const tag of photo.tags) {
      const key = tagKey(tag);
      if (key !== '' && !byKey.has(key)) byKey.set(key, normalizeTags([tag])[0] ?? tag);
    }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/** The uploaders `photos` name, and how many of the photos do not say who uploaded them. */
export function uploadersOf(photos: readonly { readonly uploader: Uploader | null }[]): {
  readonly uploaders: readonly Uploader[];
  readonly unstated: number;
} {
  const byKey = new Map<string, Uploader>();
  let unstated = 0;
  for (const { uploader } of photos) {
    if (uploader === null) unstated += 1;
    else if (!byKey.has(uploaderKey(uploader))) byKey.set(uploaderKey(uploader), uploader);
  }
  const uploaders = [...byKey.values()].sort((a, b) =>
    uploaderName(a).localeCompare(uploaderName(b), undefined, { sensitivity: 'base' }),
  );
  return { uploaders, unstated };
}
