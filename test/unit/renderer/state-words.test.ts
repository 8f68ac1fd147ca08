import { describe, expect, it } from 'vitest';
import { batchNotice, batchNoticeWords } from '../../../shared/domain/queue-notice';
import { createTranslator } from '../../../shared/i18n/translator';
import type { QueueItemView, QueueProgressView } from '../../../shared/ipc/views';
import { projectIdFromReference } from '../../../renderer/features/batch/project-reference';
import { words } from '../../../shared/i18n/words';
import {
  conditionWords,
  sayState,
  type StateSaid,
  stateWords as stateSaid,
} from '../../../renderer/features/queue/state-words';
import { queueItemView } from '../../fakes/queue-item-view';

const english = createTranslator('en');

/** What the window says, in English (main's reason worded inside the state's words). */
const say = (said: StateSaid | undefined) =>
  said === undefined ? said : sayState(said, (some) => english.t(some.key, some.values));

const stateWords = (...args: Parameters<typeof stateSaid>) => say(stateSaid(...args));

/** A queued photo with `change` on top. */
const item = (change: Partial<QueueItemView>) =>
  queueItemView(1, { path: '/photos/a.jpg', size: 10, ...change });

describe('the state words', () => {
  it('name every stage of a photo in plain words', () => {
    expect(stateWords(item({ state: 'queued' }))).toBe('Preparing');
    expect(stateWords(item({ state: 'queued', attempts: 2 }))).toBe('Waiting to try again');
    expect(stateWords(item({ state: 'staged' }))).toBe('File uploaded, creating the photo next');
    expect(stateWords(item({ state: 'creating' }))).toBe('Creating the photo on the service');
    expect(stateWords(item({ state: 'created', photoId: 'p1' }))).toBe('Processing on the service');
    expect(stateWords(item({ state: 'created' }))).toBe(
      'Accepted by the service; looking for the photo',
    );
    expect(stateWords(item({ state: 'done' }))).toBe('Uploaded');
    expect(stateWords(item({ state: 'done', processingStatus: 'duplicate' }))).toBe(
      'Already on the service',
    );
    expect(stateWords(item({ state: 'done', photoId: '42', alreadyOnService: true }))).toBe(
      'Already on the service (photo 42): not uploaded again',
    );
    expect(stateWords(item({ state: 'cancelled' }))).toBe('Cancelled');
  });

  it('say when an upload could not be checked for a copy on the service (issue 22 §2)', () => {
    expect(stateWords(item({ state: 'done', note: 'duplicate-check-unavailable' }))).toMatch(
      /^Uploaded\. Whether the project already had this photo could not be checked/,
    );
  });

  it('give the reason of an item that needs attention, and say paused', () => {
    expect(
      stateWords(item({ state: 'needs-attention', reason: words('reason.staging.fileMoved') })),
    ).toBe('Needs attention: The file was moved or deleted after it was added');
    expect(
      stateWords(
        item({
          state: 'needs-attention',
          reason: words('reason.legacy', { text: 'A sentence from an older version' }),
        }),
      ),
    ).toBe('Needs attention: A sentence from an older version');
    expect(stateWords(item({ state: 'creating', paused: true }))).toBe('Paused');
    expect(stateWords(item({ state: 'done', paused: true }))).toBe('Uploaded');
  });

  it('say that unfinished items wait while the whole queue waits', () => {
    expect(stateWords(item({ state: 'created' }), 'offline')).toBe(
      'Waiting for the connection; continues by itself',
    );
    expect(stateWords(item({ state: 'queued' }), 'needs-sign-in')).toBe(
      'Waiting for you to sign in',
    );
    expect(stateWords(item({ state: 'done' }), 'offline')).toBe('Uploaded');
    expect(say(conditionWords('offline'))).toContain('resume by themselves');
    expect(say(conditionWords('needs-sign-in'))).toContain('queued uploads are kept');
    expect(say(conditionWords('running'))).toBeUndefined();
  });

  it('cover edits of existing descriptions', () => {
    expect(stateWords(item({ kind: 'description', state: 'queued' }))).toBe(
      'Description edit waiting to be sent',
    );
    expect(stateWords(item({ kind: 'description', state: 'done' }))).toBe('Description updated');
  });
});

describe('the batch notice', () => {
  const progress = (change: Partial<QueueProgressView['stages']>, needsAttention = 0) => ({
    progress: {
      stages: { preparing: 0, creating: 0, processing: 0, done: 0, ...change },
      needsAttention,
      paused: 0,
      bytesTotal: 0,
      bytesStaged: 0,
      etaSeconds: undefined,
    },
  });

  it('announces a finished batch and new items that need attention, once', () => {
    expect(batchNotice(progress({ processing: 2, done: 1 }), progress({ done: 3 }))).toBe(
      'All uploads are finished: 3 done.',
    );
    expect(batchNotice(progress({ done: 3 }), progress({ done: 3 }))).toBeUndefined();
    expect(batchNotice(progress({ preparing: 2 }), progress({ preparing: 1 }, 1))).toBe(
      '1 item needs your attention in the queue.',
    );
    expect(batchNotice(undefined, progress({ done: 3 }))).toBeUndefined();
  });

  it('is the same in the window’s words (English here) as on the desktop', () => {
    const cases = [
      [progress({ processing: 2, done: 1 }), progress({ done: 3 })],
      [progress({ preparing: 2 }), progress({ preparing: 3 }, 2)],
      [progress({ done: 3 }), progress({ done: 3 })],
    ] as const;
    for (const [before, after] of cases)
      expect(say(batchNoticeWords(before, after))).toBe(batchNotice(before, after));
  });
});

describe('a pasted project reference', () => {
  it('is an id, a link to the project, or a search', () => {
    expect(projectIdFromReference('4821')).toBe('4821');
    expect(projectIdFromReference('83b33cab-f8a8-4cf1-889e-ec69074a1c27')).toBe(
      '83b33cab-f8a8-4cf1-889e-ec69074a1c27',
    );
    expect(projectIdFromReference('https://app.example.com/projects/4821/photos?x=1')).toBe('4821');
    expect(projectIdFromReference('https://app.example.com/settings')).toBeUndefined();
    expect(projectIdFromReference('Harbor')).toBeUndefined();
    expect(projectIdFromReference('Harbor View 12')).toBeUndefined();
    expect(projectIdFromReference('  ')).toBeUndefined();
  });
});

describe('the state words outside the upload hours', () => {
  it('say an unfinished item waits, why and until when', () => {
    const wait = words('reason.queue.uploadHours', {
      schedule: 'Mon-Fri 18:00-07:00',
      day: '',
      time: '18:00',
    });
    const said = 'Waiting for upload hours (Mon-Fri 18:00-07:00); resumes at 18:00';
    expect(stateWords(item({ state: 'queued' }), 'running', wait)).toBe(said);
    expect(stateWords(item({ state: 'staged' }), 'running', wait)).toBe(said);
    expect(stateWords(item({ state: 'done' }), 'running', wait)).toBe('Uploaded');
    expect(stateWords(item({ state: 'queued', paused: true }), 'running', wait)).toBe('Paused');
  });
});
