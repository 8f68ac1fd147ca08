import {
  ChevronDown,
  ChevronRight,
  ExternalLink,
  type LucideIcon,
  Pause,
  Play,
  RotateCcw,
  X,
} from 'lucide-react';
import { type CSSProperties, type ReactNode, useEffect, useState } from 'react';
import { ProgressBar } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatFileSize } from '../../../shared/i18n/format-size';
import type { AppLocale } from '../../../shared/i18n/locales';
import type { QueueCondition, QueueItemView } from '../../../shared/ipc/views';
import { formatRelativeTime } from '../../../shared/domain/photo-time-words';
import type { Words } from '../../../shared/i18n/translator';
import { useT, useWords } from '../../i18n/use-t';
import type { QueueGroup, StateTone } from './queue-groups';
import { bytesSent, stateTone } from './queue-groups';
import { descriptionText } from '../photos/photo-filter';
import { photoLink } from './photo-link';
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

/** The longest excerpt of a new description that names its item (buttons' names repeat it). */
const DESCRIPTION_EXCERPT = 60;

/** The file name at the end of `path` (either separator). */
const fileName = (path: string) => path.split(/[\\/]/).pop() ?? path;

/**
 * The name people know an item by: the file's name (as it is), or words for an item without one.
 * A description edit is named by its photo's file name when known, else by the start of the new
 * description, else as a photo on the service: never by the service's raw id for the photo.
 */
export function itemName(item: QueueItemView): string | Words {
  if (item.kind !== 'photo') {
    if (item.path !== undefined)
      return {
        key: 'queue.item.description',
        values: { about: 'file', name: fileName(item.path) },
      };
    const text = descriptionText(item.description);
    if (text === '')
      return { key: 'queue.item.description', values: { about: 'service', name: '' } };
    const name =
      text.length > DESCRIPTION_EXCERPT
        ? `${text.slice(0, DESCRIPTION_EXCERPT - 1).trimEnd()}…`
        : text;
    return { key: 'queue.item.description', values: { about: 'text', name } };
  }
  return item.path === undefined
    ? { key: 'queue.item.unnamed', values: { id: item.id } }
    : fileName(item.path);
}

/** Where a row is drawn and where it stands in the list (the virtual list's place). */
type Place = {
  readonly style: CSSProperties;
  readonly index: number;
  readonly count: number;
};

/** A batch's header: its project, when it was queued, its counts per state and bytes; it folds. */
export function GroupHeader({
  group,
  projectName,
  now,
  place,
  collapsed,
  onToggle,
}: {
  readonly group: QueueGroup;
  readonly projectName: string;
  readonly now: number;
  readonly place: Place;
  readonly collapsed: boolean;
  readonly onToggle: (group: QueueGroup) => void;
}) {
  const counts = TONE_ORDER.filter((tone) => group.counts[tone] > 0);
  const { locale } = useIntl();
  const t = useT();
  const words = useWords();
  const Chevron = collapsed ? ChevronRight : ChevronDown;
  return (
    <li
      className="queue-group"
      data-collapsed={collapsed}
      style={place.style}
      aria-posinset={place.index + 1}
      aria-setsize={place.count}
    >
      {/* The title names the button; whether the batch's items show is its expanded state. */}
      <button
        type="button"
        className="group-toggle"
        aria-expanded={!collapsed}
        onClick={() => onToggle(group)}
      >
        <Chevron className="group-chevron" size={18} aria-hidden="true" focusable="false" />
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
      </button>
      <span className="group-counts">
        {counts.map((tone) => (
          <span key={tone} className="state-chip" data-tone={tone}>
            <StateIcon tone={tone} />
            {words(toneCountWords(tone, group.counts[tone]))}
          </span>
        ))}
        {group.bytes.total > 0 ? (
          <span className="muted group-bytes">
            {t('queue.group.bytes', {
              sent: formatFileSize(locale, group.bytes.sent),
              total: formatFileSize(locale, group.bytes.total),
            })}
          </span>
        ) : null}
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

/** How much of a file the photo host has while it uploads, as a bar with the sizes in words. */
function ItemProgress({ item, name }: { readonly item: QueueItemView; readonly name: string }) {
  const t = useT();
  const locale = useIntl().locale as AppLocale;
  const size = item.size ?? 0;
  const sent = bytesSent(item);
  const valueLabel = t('queue.item.sent', {
    sent: formatFileSize(locale, sent),
    total: formatFileSize(locale, size),
  });
  return (
    <ProgressBar
      className="item-progress"
      value={sent}
      maxValue={Math.max(1, size)}
      valueLabel={valueLabel}
      aria-label={t('queue.item.progressLabel', { name })}
    >
      {({ percentage }) => (
        <>
          <span className="track" aria-hidden="true">
            <span className="fill" style={{ transform: `scaleX(${(percentage ?? 0) / 100})` }} />
          </span>
          <span className="muted sent">{valueLabel}</span>
        </>
      )}
    </ProgressBar>
  );
}

/** An item button: an icon, and its word (hidden in a narrow window); its label names the item. */
function ItemButton({
  icon: Icon,
  label,
  text,
  onPress,
}: {
  readonly icon: LucideIcon;
  readonly label: string;
  readonly text: string;
  readonly onPress: () => void;
}) {
  return (
    <button type="button" className="item-button" aria-label={label} onClick={onPress}>
      <Icon size={16} aria-hidden="true" focusable="false" />
      <span className="item-button-text">{text}</span>
    </button>
  );
}

/**
 * Issue 26 §3: where the file went after upload (moved to a path, to the trash, or left where it
 * was and why), once that is done; nothing while it waits for the service or stays by choice.
 */
function AfterUploadNote({ item }: { readonly item: QueueItemView }) {
  const t = useT();
  const words = useWords();
  const result = item.afterUpload;
  if (result === undefined || result.kind === 'pending') return null;
  const said =
    result.kind === 'moved'
      ? t('afterUpload.moved', { path: result.to })
      : result.kind === 'trashed'
        ? t('afterUpload.trashed')
        : words(result.reason);
  return (
    <span className="muted after-upload-note" title={said}>
      {said}
    </span>
  );
}

/**
 * One queued item: thumbnail, name, state (icon, colour and words), a bar while its bytes move,
 * when it was uploaded and a link to its page on the service, where its file went after upload,
 * and its actions.
 */
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
  const saidText = sayState(said, words);
  const tone = stateTone(item);
  // A photo's page once it is uploaded; a description edit's photo is on the service already.
  const link =
    item.state === 'done' || item.kind === 'description' ? photoLink(item.photoUrl) : undefined;
  const uploading =
    item.state === 'queued' && !item.paused && (item.bytesSent ?? 0) > 0 && (item.size ?? 0) > 0;
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
      <span className="item-main">
        <span className="name" title={item.path ?? name}>
          {name}
        </span>
        <span className="item-detail">
          <span className="state state-chip" data-tone={tone} title={saidText}>
            <StateIcon tone={tone} />
            <span className="state-words">{saidText}</span>
          </span>
          {uploading ? <ItemProgress item={item} name={name} /> : null}
          {item.state === 'done' ? (
            <span className="muted when">{formatRelativeTime(item.updatedAt, now, locale)}</span>
          ) : null}
          {link !== undefined ? (
            // Main opens it in the user's browser, and only if it is a page of the service.
            <a
              className="photo-link"
              href={link}
              target="_blank"
              rel="noreferrer noopener"
              aria-label={t('queue.item.viewLabel', { name })}
            >
              {t('queue.item.view')}
              <ExternalLink size={14} aria-hidden="true" focusable="false" />
            </a>
          ) : null}
          <AfterUploadNote item={item} />
        </span>
      </span>
      <span className="actions">
        {item.state === 'needs-attention' ? (
          <ItemButton
            icon={RotateCcw}
            label={t('queue.item.retryLabel', { name })}
            text={t('queue.item.retry')}
            onPress={() => actions.retry(item)}
          />
        ) : null}
        {item.state !== 'done' && item.state !== 'cancelled' ? (
          <>
            <ItemButton
              icon={item.paused ? Play : Pause}
              label={t(item.paused ? 'queue.item.resumeLabel' : 'queue.item.pauseLabel', { name })}
              text={t(item.paused ? 'queue.item.resume' : 'queue.item.pause')}
              onPress={() => actions.pauseOrResume(item)}
            />
            <ItemButton
              icon={X}
              label={t('queue.item.cancelLabel', { name })}
              text={t('queue.item.cancel')}
              onPress={() => actions.cancel(item)}
            />
          </>
        ) : null}
      </span>
    </li>
  );
}
