/** How one description typed for many photos applies to each of them. */
export type BulkMode = 'set' | 'append';

/**
 * The description `photoDescription` becomes: `set` replaces it with `typed`; `append` adds
 * `typed` after it (both are sanitized HTML made of block elements, so joining them keeps each
 * paragraph whole), or is `typed` alone when the photo had no description.
 */
export function bulkDescription(photoDescription: string, typed: string, mode: BulkMode): string {
  if (mode === 'set' || photoDescription.trim() === '') return typed;
  if (typed.trim() === '') return photoDescription;
  return `${photoDescription}${typed}`;
}
