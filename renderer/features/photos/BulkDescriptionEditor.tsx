import { useState } from 'react';
import type { PhotoView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { DescriptionEditor } from '../../components/DescriptionEditor';
import { useT } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { type BulkMode, bulkDescription } from './bulk-description';
import { SPACE } from '../../i18n/inline-space';

/**
 * Sets or appends one description on many photos at once. Each photo's edit is queued on its
 * own, exactly like a single save, with that photo's description as shown as its base: a photo
 * whose description changed on the service meanwhile is held as a conflict, the others go on.
 */
export function BulkDescriptionEditor({
  photos,
  onSaved,
  onDone,
}: {
  /** The selected photos, in grid order. */
  readonly photos: readonly PhotoView[];
  /** One photo's edit is queued: `description` is its base from now on. */
  readonly onSaved: (photoId: string, description: string) => void;
  /** All queued (or some refused): a sentence for the user. */
  readonly onDone: (message: string) => void;
}) {
  const bridge = useBridge();
  const t = useT();
  const sayError = useErrorWords();
  const [draft, setDraft] = useState('');
  const [mode, setMode] = useState<BulkMode>('set');
  const [busy, setBusy] = useState(false);
  // Bumped after a round is queued: a fresh, empty editor for the next one.
  const [round, setRound] = useState(0);
  const count = photos.length;

  const apply = async () => {
    setBusy(true);
    const refused: string[] = [];
    // One after another: each call is a journaled queue item; order keeps the queue readable.
    for (const photo of photos) {
      try {
        const saved = await call(bridge, 'photos:edit-description', {
          photoId: photo.id,
          description: bulkDescription(photo.description, draft, mode),
          baseDescription: photo.description,
        });
        onSaved(photo.id, saved.description);
      } catch (error) {
        refused.push(sayError(error));
      }
    }
    setBusy(false);
    if (refused.length === 0) {
      setDraft('');
      setRound((previous) => previous + 1);
    }
    const queued = count - refused.length;
    onDone(
      refused.length === 0
        ? t('photos.bulk.queued', { count: queued })
        : // The reasons are main's own sentences, each ending its own way.
          t('photos.bulk.partlyQueued', { queued, count, reasons: refused.join(' ') }),
    );
  };

  return (
    <div className="bulk-description" role="group" aria-label={t('photos.bulk.label')}>
      <DescriptionEditor
        key={round}
        label={t('photos.bulk.field', { count })}
        value={draft}
        onChange={setDraft}
      />
      <fieldset>
        <legend>{t('photos.bulk.mode.legend')}</legend>
        <label>
          <input
            type="radio"
            name="bulk-mode"
            checked={mode === 'set'}
            onChange={() => setMode('set')}
          />
          {SPACE}
          {t('photos.bulk.mode.set')}
        </label>
        <label>
          <input
            type="radio"
            name="bulk-mode"
            checked={mode === 'append'}
            onChange={() => setMode('append')}
          />
          {SPACE}
          {t('photos.bulk.mode.append')}
        </label>
      </fieldset>
      <button type="button" className="primary" disabled={busy} onClick={() => void apply()}>
        {mode === 'set' ? t('photos.bulk.set', { count }) : t('photos.bulk.append', { count })}
      </button>
    </div>
  );
}
