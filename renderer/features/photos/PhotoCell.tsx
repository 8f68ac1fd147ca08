import type { PhotoView } from '../../../shared/ipc/views';
import { useT } from '../../i18n/use-t';
import { useCaptureTimeWords } from './capture-time';
import { SPACE } from '../../i18n/inline-space';

/**
 * One photo of the Existing photos grid: its selection box, thumbnail and time (the button that
 * opens it), a two-line excerpt of its description and its tags.
 */
export function PhotoCell({
  photo,
  text,
  thumbnailUrl,
  selected,
  conflicted,
  onSelect,
  onOpen,
}: {
  readonly photo: PhotoView;
  /** The description's plain text (computed once for the filter and the excerpt). */
  readonly text: string;
  readonly thumbnailUrl: string;
  readonly selected: boolean;
  readonly conflicted: boolean;
  /** A click on the box; `shift` extends a range. */
  readonly onSelect: (shift: boolean) => void;
  readonly onOpen: () => void;
}) {
  const t = useT();
  const timeWords = useCaptureTimeWords();
  const shortId = photo.id.slice(0, 8);
  return (
    <>
      <div className="cell-top">
        <input
          type="checkbox"
          aria-label={t('photos.cell.select', { id: shortId })}
          checked={selected}
          // The click, not the change, carries Shift (a range); Space clicks it too.
          readOnly
          onClick={(event) => onSelect(event.shiftKey)}
        />
        {conflicted ? <span className="badge warn">{t('photos.cell.conflict')}</span> : null}
      </div>
      <button type="button" className="cell-open" onClick={onOpen}>
        {photo.hasThumbnail ? (
          <img src={thumbnailUrl} alt="" loading="lazy" decoding="async" />
        ) : (
          <span className="thumb placeholder" aria-hidden="true" />
        )}
        <span className="cell-time">{timeWords(photo)}</span>
        <span className="muted">{t('photos.cell.open', { id: shortId })}</span>
      </button>
      <p className={text === '' ? 'excerpt muted' : 'excerpt'} title={text || undefined}>
        {text === '' ? t('photos.cell.noDescription') : text}
      </p>
      {photo.tags.length > 0 ? (
        <p className="cell-tags">
          <span className="visually-hidden">
            {t('photos.cell.tags')}
            {SPACE}
          </span>
          {photo.tags.map((tag) => (
            <span key={tag} className="badge">
              {tag}
            </span>
          ))}
        </p>
      ) : null}
    </>
  );
}
