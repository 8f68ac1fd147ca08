import { useT } from '../../i18n/use-t';

/** The remove button's mark (its name, for screen readers, is a message). */
const REMOVE_MARK = '×';

/**
 * A photo's own tags ("Tags for selected…") on its row of the review list, each with a button
 * that removes it from this photo only. The buttons name the tag and the photo, so a screen
 * reader user knows which of the many rows they act on. Nothing is shown for a photo with none.
 */
export function PhotoOwnTags({
  photoName,
  tags,
  onRemove,
  focusable = true,
}: {
  /** The photo's file name, as its row shows it. */
  readonly photoName: string;
  readonly tags: readonly string[];
  readonly onRemove: (tag: string) => void;
  /**
   * False inside a view that is one Tab stop (the review grid): the buttons stay clickable but
   * out of the Tab order, which the arrows rove instead.
   */
  readonly focusable?: boolean;
}) {
  const t = useT();
  if (tags.length === 0) return null;
  return (
    <ul className="own-tags" aria-label={t('tags.own.list', { photo: photoName })}>
      {tags.map((tag) => (
        <li key={tag} className="chip">
          <span>{tag}</span>
          <button
            type="button"
            tabIndex={focusable ? undefined : -1}
            aria-label={t('tags.own.remove', { tag, photo: photoName })}
            title={t('tags.own.remove', { tag, photo: photoName })}
            onClick={(event) => {
              // Not a click on the photo: its selection stays.
              event.stopPropagation();
              onRemove(tag);
            }}
          >
            {REMOVE_MARK}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * `own` without `tag` on photo `intakeId` (compared ignoring case, as tags are normalized); a
 * photo left with no own tags leaves the map, so the count over the list stays true.
 */
export function withoutOwnTag(
  own: ReadonlyMap<number, readonly string[]>,
  intakeId: number,
  tag: string,
): ReadonlyMap<number, readonly string[]> {
  const current = own.get(intakeId);
  if (current === undefined) return own;
  const left = current.filter((other) => other.toLowerCase() !== tag.toLowerCase());
  const next = new Map(own);
  if (left.length === 0) next.delete(intakeId);
  else next.set(intakeId, left);
  return next;
}
