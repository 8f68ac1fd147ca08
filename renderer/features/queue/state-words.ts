import { itemNoteWords } from '../../../shared/domain/item-note';
import type { QueueCondition, QueueItemView } from '../../../shared/ipc/views';
import type { StateTone } from './queue-groups';
import { plural } from '../../../shared/domain/plural';

/**
 * An item's state in plain words, as the queue list shows it. While the whole queue waits (offline,
 * for a new sign-in, or for the upload hours: `hoursWait`) the unfinished items say so rather than the step they stopped at.
 */
export function stateWords(
  item: QueueItemView,
  condition: QueueCondition = 'running',
  hoursWait?: string,
): string {
  if (item.state === 'cancelled') return 'Cancelled';
  if (item.state === 'needs-attention') return `Needs attention: ${item.reason ?? 'see details'}`;
  if (item.paused && item.state !== 'done') return 'Paused';
  if (item.state !== 'done' && condition === 'offline')
    return 'Waiting for the connection; continues by itself';
  if (item.state !== 'done' && condition === 'needs-sign-in') return 'Waiting for you to sign in';
  // Outside the upload hours (or paused on battery) nothing is sent: say why and until when.
  if (item.state !== 'done' && hoursWait !== undefined) return hoursWait;
  if (item.kind === 'description')
    return item.state === 'done' ? 'Description updated' : 'Description edit waiting to be sent';
  switch (item.state) {
    case 'queued':
      return item.attempts > 0 ? 'Waiting to try again' : 'Preparing';
    case 'staged':
      return 'File uploaded, creating the photo next';
    case 'creating':
      return 'Creating the photo on the service';
    case 'created':
      // Accepted, but the service's answer did not say the photo's id: it is being looked for.
      return item.photoId === undefined
        ? 'Accepted by the service; looking for the photo'
        : 'Processing on the service';
    case 'done':
      if (item.alreadyOnService === true)
        return `Already on the service (photo ${item.photoId ?? 'unknown'}): not uploaded again`;
      if (item.processingStatus === 'duplicate') return 'Already on the service';
      return item.note === undefined ? 'Uploaded' : `Uploaded. ${itemNoteWords(item.note)}`;
  }
}

/** The queue as a whole, in one sentence; undefined when there is nothing to say. */
export function conditionWords(condition: QueueCondition): string | undefined {
  switch (condition) {
    case 'offline':
      return 'You are offline or the Photo Service cannot be reached. Uploads will resume by themselves.';
    case 'needs-sign-in':
      return 'Your session has ended. Sign in again; queued uploads are kept and will continue.';
    case 'running':
    case 'idle':
      return undefined;
  }
}

/** What each tone of state is called in a batch's counts ("2 need attention"). */
export function toneCountWords(tone: StateTone, count: number): string {
  switch (tone) {
    case 'waiting':
      return `${count} waiting`;
    case 'working':
      return `${count} in progress`;
    case 'done':
      return `${count} done`;
    case 'attention':
      return plural(count, { one: '# needs attention', other: '# need attention' });
    case 'paused':
      return `${count} paused`;
    case 'cancelled':
      return `${count} cancelled`;
  }
}
