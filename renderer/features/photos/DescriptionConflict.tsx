import { TriangleAlert } from 'lucide-react';
import { sanitizeDescription } from '../../../shared/description/description-policy';
import type { QueueItemView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { useT } from '../../i18n/use-t';

/**
 * A description edit that waits because the service's description changed meanwhile: what
 * happened, both versions and the two ways on, shown next to the editor. Both versions are
 * sanitized again here, whatever main did: this is where they become markup. The choice is the
 * core's `queue:retry` with `resolve`, as the command line's `retry --keep-mine`.
 */
export function Conflict({
  item,
  onDone,
}: {
  readonly item: QueueItemView;
  readonly onDone: () => void;
}) {
  const bridge = useBridge();
  const t = useT();
  const choose = (keep: 'mine' | 'theirs') => () =>
    void call(bridge, 'queue:retry', { itemId: item.id, resolve: { keep } }).then(onDone);
  const keepMine = choose('mine');
  const keepTheirs = choose('theirs');
  return (
    <div className="conflict" role="group" aria-label={t('photos.conflict.label')}>
      <p className="conflict-explanation">
        <TriangleAlert aria-hidden="true" className="icon" />
        <span>{t('photos.conflict.explanation')}</span>
      </p>
      <div className="versions">
        <div>
          <h4>{t('photos.conflict.yours')}</h4>
          <div
            className="preview"
            dangerouslySetInnerHTML={{ __html: sanitizeDescription(item.description) }}
          />
          <button type="button" onClick={keepMine}>
            {t('photos.conflict.keepMine')}
          </button>
        </div>
        <div>
          <h4>{t('photos.conflict.onService')}</h4>
          <div
            className="preview"
            dangerouslySetInnerHTML={{ __html: sanitizeDescription(item.serviceDescription ?? '') }}
          />
          <button type="button" onClick={keepTheirs}>
            {t('photos.conflict.keepService')}
          </button>
        </div>
      </div>
    </div>
  );
}
