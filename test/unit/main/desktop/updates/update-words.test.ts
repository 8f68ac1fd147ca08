import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../../../../shared/i18n/translator';
import { APP_LOCALES } from '../../../../../shared/i18n/locales';
import type { UpdateState } from '../../../../../main/desktop/updates/update-state';
import { aboutWords, updateView } from '../../../../../main/desktop/updates/update-words';

const english = createTranslator('en').t;
const say = (words: { key: Parameters<typeof english>[0]; values?: object } | undefined) =>
  words === undefined ? undefined : english(words.key, words.values as never);

const everyState: readonly UpdateState[] = [
  { kind: 'none', reason: 'off' },
  { kind: 'none', reason: 'development' },
  { kind: 'none', reason: 'portable' },
  { kind: 'none', reason: 'unpacked' },
  { kind: 'idle' },
  { kind: 'checking' },
  { kind: 'up-to-date' },
  { kind: 'available', version: '1.2.0', installs: true },
  { kind: 'available', version: '1.2.0', installs: false },
  { kind: 'downloading', version: '1.2.0', percent: 42 },
  { kind: 'ready', version: '1.2.0' },
  { kind: 'waiting', version: '1.2.0', uploads: 1 },
  { kind: 'installing', version: '1.2.0' },
  { kind: 'failed', failure: 'checksum', step: 'download' },
  { kind: 'failed', failure: 'network', step: 'check' },
];

describe('what the window says of the update (updateView)', () => {
  it('says "Version X is ready" with "Restart to update", and how many uploads it waits for', () => {
    const ready: UpdateState = { kind: 'ready', version: '1.2.0' };
    expect(say(updateView(ready, 0).notice)).toBe('Version 1.2.0 is ready');
    expect(say(updateView(ready, 0).action?.label)).toBe('Restart to update');
    expect(updateView(ready, 3).action?.kind).toBe('restart');
    expect(say(updateView(ready, 3).action?.label)).toBe('Restart to update (waits for 3 uploads)');
    expect(say(updateView(ready, 1).action?.label)).toBe('Restart to update (waits for 1 upload)');
  });

  it('says nothing when off, looking, up to date or after a look that failed', () => {
    for (const state of everyState.filter(
      (each) =>
        ['none', 'idle', 'checking', 'up-to-date'].includes(each.kind) ||
        (each.kind === 'failed' && each.step === 'check'),
    ))
      expect(updateView(state, 2), state.kind).toEqual({
        notice: undefined,
        problem: false,
        action: undefined,
      });
  });

  it('tells a refused download as a problem, in words without the feed’s address', () => {
    const view = updateView({ kind: 'failed', failure: 'checksum', step: 'download' }, 0);
    expect(view.problem).toBe(true);
    expect(say(view.notice)).toBe(
      'The update failed: the downloaded file did not match its checksum, so it was not used',
    );
  });

  it('offers a download only for an update the app installs itself', () => {
    expect(
      updateView({ kind: 'available', version: '1.2.0', installs: true }, 0).action?.kind,
    ).toBe('download');
    expect(
      updateView({ kind: 'available', version: '1.2.0', installs: false }, 0).action,
    ).toBeUndefined();
  });

  it('has words for every state in every language', () => {
    for (const locale of APP_LOCALES) {
      const { t } = createTranslator(locale);
      for (const state of everyState) {
        const view = updateView(state, 2);
        if (view.notice) expect(t(view.notice.key, view.notice.values)).not.toMatch(/updates\./);
        const about = aboutWords('1.0.0', state, t);
        expect(about.message).toBe('Photo Uploader 1.0.0');
        expect(about.detail.length, `${locale} ${state.kind}`).toBeGreaterThan(0);
      }
    }
  });
});

describe('Help › About (aboutWords)', () => {
  it('shows the version and where the update stands', () => {
    expect(aboutWords('1.0.0', { kind: 'up-to-date' }, english)).toEqual({
      title: 'About Photo Uploader',
      message: 'Photo Uploader 1.0.0',
      detail: 'This is the latest version.',
    });
    expect(aboutWords('1.0.0', { kind: 'none', reason: 'off' }, english).detail).toBe(
      'Updates are turned off by your organisation.',
    );
    expect(
      aboutWords('1.0.0', { kind: 'failed', failure: 'network', step: 'check' }, english).detail,
    ).toBe('The update failed: the update feed could not be reached');
  });
});
