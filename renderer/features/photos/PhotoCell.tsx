import { Pencil, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import type { PhotoView } from '../../../shared/ipc/views';
import { useT } from '../../i18n/use-t';
import { useCaptureTimeWords } from './capture-time';
import { PhotoThumbnail } from './PhotoThumbnail';
import { SPACE } from '../../i18n/inline-space';

/** Words only a screen reader says (the photo's id after "Edit description"). */
const hidden = (chunks: ReactNode[]) => <span className="visually-hidden">{chunks}</span>;

/**
 * One photo of the Existing photos grid, as a card: its thumbnail with the selection box in the
 * corner, its capture time, its description (three lines, the whole text in the page for screen
 * readers and in the tooltip), its tags, and "Edit description", the one button, which opens the
 * photo's editor from anywhere on the card.
 */
export function PhotoCell({
  photo,
  text,
  thumbnailUrl,
  selected,
  conflicted,
  current = false,
  onSelect,
  onOpen,
}: {
  readonly photo: PhotoView;
  /** The description's plain text (computed once for the filter and the excerpt). */
  readonly text: string;
  readonly thumbnailUrl: string;
  readonly selected: boolean;
  readonly conflicted: boolean;
  /** Its editor is open in the side panel. */
  readonly current?: boolean;
  /** A click on the box; `shift` extends a range. */
  readonly onSelect: (shift: boolean) => void;
  readonly onOpen: () => void;
}) {
  const t = useT();
  const timeWords = useCaptureTimeWords();
  const excerptId = useId();
  const shortId = photo.id.slice(0, 8);
  return (
    <>
      <div className="cell-media">
        <PhotoThumbnail
          key={thumbnailUrl}
          url={photo.hasThumbnail ? thumbnailUrl : undefined}
          alt=""
        />
        <input
          type="checkbox"
          className="photo-check"
          aria-label={t('photos.cell.select', { id: shortId })}
          checked={selected}
          // The click, not the change, carries Shift (a range); Space clicks it too.
          readOnly
          onClick={(event) => onSelect(event.shiftKey)}
        />
        {conflicted ? (
          <span className="badge warn cell-conflict">
            <TriangleAlert aria-hidden="true" className="icon" />
            {SPACE}
            {t('photos.cell.conflict')}
          </span>
        ) : null}
      </div>
      <div className="cell-body">
        <span className="cell-time">{timeWords(photo)}</span>
        <p
          id={excerptId}
          className={text === '' ? 'excerpt muted' : 'excerpt'}
          title={text || undefined}
        >
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
      </div>
      <button
        type="button"
        className="cell-open"
        aria-describedby={excerptId}
        aria-current={current ? 'true' : undefined}
        onClick={onOpen}
      >
        <Pencil aria-hidden="true" className="icon" />
        <span>
          <FormattedMessage id="photos.cell.open" values={{ id: shortId, hidden }} />
        </span>
      </button>
    </>
  );
}
