/** The longest tag kept; the service's own limit for one tag. */
export const MAX_TAG_LENGTH = 100;
/** The most tags one photo carries. */
export const MAX_TAGS = 50;

/**
 * Tags as they are sent: each trimmed with inner whitespace collapsed, empty ones dropped, cut at
 * `MAX_TAG_LENGTH` characters, duplicates dropped ignoring case (the first spelling wins), at most
 * `MAX_TAGS`. Order is kept: the batch's tags first, then the folder's, then the photo's own.
 */
export function normalizeTags(...lists: readonly (readonly string[])[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of lists.flat()) {
    const clean = Array.from(tag.normalize('NFC').replace(/\s+/g, ' ').trim())
      .slice(0, MAX_TAG_LENGTH)
      .join('')
      .trim();
    const key = clean.toLocaleLowerCase('en');
    if (clean === '' || seen.has(key)) continue;
    seen.add(key);
    tags.push(clean);
    if (tags.length === MAX_TAGS) break;
  }
  return tags;
}
