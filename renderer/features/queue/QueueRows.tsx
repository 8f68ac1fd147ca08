import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { QueueCondition, QueueItemView } from '../../../shared/ipc/views';
import { formatRelativeTime } from '../../../shared/domain/photo-time-words';
import type { Words } from '../../../shared/i18n/translator';
import { useT, useWords } from '../../i18n/use-t';
import type { QueueGroup, StateTone } from './queue-groups';
import { stateTone } from './queue-groups';
import { StateIcon } from './StateIcon';
import { sayState, stateWords, toneCountWords } from './state-words';

/** The order a batch's counts are listed in: what needs the user first. */
const TONE_ORDER: readonly StateTone[] = [
  'attention',
  'working',
  'waiting',
  'paused',
  'done',
  'cancelled',
];

/**
 * A row asks for its thumbnail only once it has stayed in view this long, as the review list
 * does: rows that fly past in a fast scroll never make main render a thumbnail nobody sees.
 */
const THUMBNAIL_DELAY_MS = 120;

/**
 * The name people know an item by: the file's name (as it is), or words for an item without one
 * and for the photo a description edit is for.
 */
export function itemName(item: QueueItemView): string | Words {
  if (item.kind !== 'photo')
    return { key: 'queue.item.description', values: { photoId: item.photoId ?? '' } };
  return item.path?.split(/[\\/]/).pop() ?? { key: 'queue.item.unnamed', values: { id: item.id } };
}

/** Where a row is drawn and where it stands in the list (the virtual list's place). */
type Place = {
  readonly style: CSSProperties;
  readonly index: number;
  readonly count: number;
};

/** A batch's header: its project, when it was queued, and how many items are in each state. */
export function GroupHeader({
  group,
  projectName,
  now,
  place,
}: {
  readonly group: QueueGroup;
  readonly projectName: string;
  readonly now: number;
  readonly place: Place;
}) {
  const counts = TONE_ORDER.filter((tone) => group.counts[tone] > 0);
  const { locale } = useIntl();
  const words = useWords();
  return (
    <li
      className="queue-group"
      style={place.style}
      aria-posinset={place.index + 1}
      aria-setsize={place.count}
    >
      <span className="group-title">
        <FormattedMessage
          id="queue.group.title"
          values={{
            project: projectName,
            count: group.size,
            when: formatRelativeTime(group.queuedAt, now, locale),
            b: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
            muted: (chunks: ReactNode[]) => <span className="muted">{chunks}</span>,
          }}
        />
      </span>
      <span className="group-counts">
        {counts.map((tone) => (
          <span key={tone} className="state-chip" data-tone={tone}>
            <StateIcon tone={tone} />
            {words(toneCountWords(tone, group.counts[tone]))}
          </span>
        ))}
      </span>
    </li>
  );
}

/** False until `delay` ms after the component first rendered. */
function useSettled(delay: number): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return settled;
}

/** The item's thumbnail once settled in view; a plain tile when there is none to show. */
function Thumbnail({ url }: { readonly url: string | undefined }) {
  const settled = useSettled(THUMBNAIL_DELAY_MS);
  // Main serves thumbnails of queued photos (and of this session's intake); when the file is
  // gone or unreadable the image fails and a plain tile shows instead.
  const [failed, setFailed] = useState(false);
  return url !== undefined && settled && !failed ? (
    <img className="thumb" src={url} alt="" decoding="async" onError={() => setFailed(true)} />
  ) : (
    <span className="thumb placeholder" aria-hidden="true" />
  );
}

/** The actions an item offers, each button naming the item for screen readers. */
export type ItemActions = {
  readonly retry: (item: QueueItemView) => void;
  readonly pauseOrResume: (item: QueueItemView) => void;
  readonly cancel: (item: QueueItemView) => void;
};

/** One queued item: thumbnail, name, state (icon, colour and words), when, and its actions. */
export function ItemRow({
  item,
  thumbnailUrl,
  condition,
  hoursWait,
  now,
  actions,
  place,
}: {
  readonly item: QueueItemView;
  readonly thumbnailUrl: string | undefined;
  readonly condition: QueueCondition;
  readonly hoursWait: Words | undefined;
  readonly now: number;
  readonly actions: ItemActions;
  readonly place: Place;
}) {
  const { locale } = useIntl();
  const t = useT();
  const words = useWords();
  const named = itemName(item);
  const name = typeof named === 'string' ? named : words(named);
  const said = stateWords(item, condition, hoursWait);
  const tone = stateTone(item);
  return (
    <li
      className="queue-item"
      data-state={item.state}
      data-tone={tone}
      style={place.style}
      aria-posinset={place.index + 1}
      aria-setsize={place.count}
    >
      <Thumbnail url={thumbnailUrl} />
      <span className="name" title={item.path ?? item.photoId}>
        {name}
      </span>
      <span className="state state-chip" data-tone={tone}>
        <StateIcon tone={tone} />
        {sayState(said, words)}
      </span>
      {item.state === 'done' ? (
        <span className="muted when">{formatRelativeTime(item.updatedAt, now, locale)}</span>
      ) : null}
      {item.photoId ? (
        <span className="muted">{t('queue.item.photo', { photoId: item.photoId })}</span>
      ) : null}
      <span className="actions">
        {item.state === 'needs-attention' ? (
          <button
            type="button"
            aria-label={t('queue.item.retryLabel', { name })}
            onClick={() => actions.retry(item)}
          >
            {t('queue.item.retry')}
          </button>
        ) : null}
        {item.state !== 'done' && item.state !== 'cancelled' ? (
          <>
            <button
              type="button"
              aria-label={t(item.paused ? 'queue.item.resumeLabel' : 'queue.item.pauseLabel', {
                name,
              })}
              onClick={() => actions.pauseOrResume(item)}
            >
              {t(item.paused ? 'queue.item.resume' : 'queue.item.pause')}
            </button>
            <button
              type="button"
              aria-label={t('queue.item.cancelLabel', { name })}
              onClick={() => actions.cancel(item)}
            >
              {t('queue.item.cancel')}
            </button>
          </>
        ) : null}
      </span>
    </li>
  );
}
