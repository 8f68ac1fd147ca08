import type { MessageKey } from '../../../shared/i18n/catalogs';
import type { Words } from '../../../shared/i18n/translator';
import type { QueueCondition, QueueItemView } from '../../../shared/ipc/views';
import type { StateTone } from './queue-groups';

/**
 * What a row says of its item: catalog words; main's reason (words too, kept by the queue) is
 * worded first and said inside them (`within`), so a reason stored yesterday reads in the
 * window's language today.
 */
export type StateSaid = Words & { readonly within?: { readonly reason: Words } };

/** `said` in one language (`say`: the window's `useWords()`, or a translator's in a test). */
export function sayState(said: StateSaid, say: (words: Words) => string): string {
  if (said.within === undefined) return say(said);
  return say({ key: said.key, values: { ...said.values, reason: say(said.within.reason) } });
}

/**
 * An item's state in plain words, as the queue list shows it. While the whole queue waits (offline,
 * for a new sign-in, or for the upload hours: `hoursWait`) the unfinished items say so rather than the step they stopped at.
 */
export function stateWords(
  item: QueueItemView,
  condition: QueueCondition = 'running',
  hoursWait?: Words,
): StateSaid {
  if (item.state === 'cancelled') return { key: 'queue.state.cancelled' };
  if (item.state === 'needs-attention')
    return item.reason === undefined
      ? { key: 'queue.state.needsAttentionNoReason' }
      : { key: 'queue.state.needsAttention', within: { reason: item.reason } };
  if (item.paused && item.state !== 'done') return { key: 'queue.state.paused' };
  if (item.state !== 'done' && condition === 'offline') return { key: 'queue.state.offline' };
  if (item.state !== 'done' && condition === 'needs-sign-in')
    return { key: 'queue.state.needsSignIn' };
  // Outside the upload hours (or paused on battery) nothing is sent: say why and until when.
  if (item.state !== 'done' && hoursWait !== undefined) return hoursWait;
  if (item.kind === 'description')
    return {
      key: item.state === 'done' ? 'queue.state.descriptionDone' : 'queue.state.descriptionWaiting',
    };
  switch (item.state) {
    case 'queued':
      return { key: item.attempts > 0 ? 'queue.state.retryWaiting' : 'queue.state.preparing' };
    case 'staged':
      return { key: 'queue.state.staged' };
    case 'creating':
      return { key: 'queue.state.creating' };
    case 'created':
      // Accepted, but the service's answer did not say the photo's id: it is being looked for.
      return {
        key: item.photoId === undefined ? 'queue.state.lookingForPhoto' : 'queue.state.processing',
      };
    case 'done':
      if (item.alreadyOnService === true)
        return item.photoId === undefined
          ? { key: 'queue.state.alreadyOnServiceUnknown' }
          : { key: 'queue.state.alreadyOnServicePhoto', values: { photoId: item.photoId } };
      if (item.processingStatus === 'duplicate') return { key: 'queue.state.alreadyOnService' };
      if (item.note === undefined) return { key: 'queue.state.uploaded' };
      switch (item.note) {
        case 'duplicate-check-unavailable':
          return { key: 'queue.state.uploadedUnchecked' };
      }
  }
}

/** The queue as a whole, in one sentence; undefined when there is nothing to say. */
export function conditionWords(condition: QueueCondition): Words | undefined {
  switch (condition) {
    case 'offline':
      return { key: 'queue.condition.offline' };
    case 'needs-sign-in':
      return { key: 'queue.condition.needsSignIn' };
    case 'running':
    case 'idle':
      return undefined;
  }
}

/** Each tone's count message. */
const TONE_COUNTS = {
  waiting: 'queue.tone.waiting',
  working: 'queue.tone.working',
  done: 'queue.tone.done',
  attention: 'queue.tone.attention',
  paused: 'queue.tone.paused',
  cancelled: 'queue.tone.cancelled',
} as const satisfies Record<StateTone, MessageKey>;

/** What each tone of state is called in a batch's counts ("2 need attention"). */
export function toneCountWords(tone: StateTone, count: number): Words {
  return { key: TONE_COUNTS[tone], values: { count } };
}
