import { useIntl } from 'react-intl';
import type { RefObject } from 'react';
import type { PhotoView, QueueItemView } from '../../../shared/ipc/views';
import { useBridge } from '../../bridge/hooks';
import { DescriptionEditor, type TextRange } from '../../components/DescriptionEditor';
import { useT } from '../../i18n/use-t';
import { useCaptureTimeWords } from './capture-time';
import { Conflict } from './DescriptionConflict';
import { PhotoThumbnail } from './PhotoThumbnail';

/** A coordinate as the detail shows it: five decimals (about a metre), no grouping. */
const COORDINATE = {
  minimumFractionDigits: 5,
  maximumFractionDigits: 5,
  useGrouping: false,
} as const;

/**
 * One photo in the side panel: its picture, when and where it was taken, the conflict its last
 * edit ran into (above the editor, with the two ways on), the description editor and Save with
 * what came of it. The parent keeps the draft and saves it.
 */
export function PhotoDetail({
  photo,
  conflict,
  draft,
  onDraft,
  onSave,
  message,
  onConflictDone,
  caret,
}: {
  readonly photo: PhotoView;
  /** The edit of this photo held because the service's description changed meanwhile. */
  readonly conflict: QueueItemView | undefined;
  readonly draft: string;
  readonly onDraft: (html: string) => void;
  readonly onSave: () => void;
  /** What came of the last save or choice: a sentence for the user. */
  readonly message: string | undefined;
  readonly onConflictDone: () => void;
  /** Where the caret is in the description, kept by the parent through a rebuild of the panel. */
  readonly caret?: RefObject<TextRange | undefined>;
}) {
  const bridge = useBridge();
  const t = useT();
  const intl = useIntl();
  const timeWords = useCaptureTimeWords();
  const name = t('photos.detail.label', { id: photo.id });
  return (
    <div className="photo-detail" role="group" aria-label={name}>
      <PhotoThumbnail
        key={photo.id}
        className="detail-image"
        url={photo.hasThumbnail ? bridge.renditionUrl(photo.id) : undefined}
        alt={name}
      />
      <p className="muted">
        {photo.coordinates
          ? t('photos.detail.takenAt', {
              time: timeWords(photo),
              lat: intl.formatNumber(photo.coordinates.lat, COORDINATE),
              lon: intl.formatNumber(photo.coordinates.lon, COORDINATE),
            })
          : t('photos.detail.taken', { time: timeWords(photo) })}
      </p>
      {conflict ? <Conflict item={conflict} onDone={onConflictDone} /> : null}
      <DescriptionEditor
        label={t('photos.detail.description')}
        value={draft}
        onChange={onDraft}
        caret={caret}
      />
      <div className="detail-actions">
        <button type="button" className="primary" onClick={onSave}>
          {t('photos.detail.save')}
        </button>
      </div>
      <p role="status" className="detail-message">
        {message}
      </p>
    </div>
  );
}
