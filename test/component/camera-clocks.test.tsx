// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderIntakeScreen } from './render-intake-screen';
import { intakeItemView } from '../fakes/intake-item-view';
import { afterEach, describe, expect, it } from 'vitest';
import type { CaptureTime } from '../../shared/domain/intake';
import { formatCaptureTime } from '../../shared/domain/photo-time-words';
import type { SettingsView, IntakeItemView } from '../../shared/ipc/views';
import { CameraClocks } from '../../renderer/features/settings/CameraClocks';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { useJsdomLayout } from './jsdom-layout';
import { settingsViewFixture } from '../support/settings-view-fixture';

afterEach(cleanup);

// jsdom lays nothing out: a 600 px viewport lets the virtual review list render its rows.
useJsdomLayout({ width: 800, height: 600 });

const CANON = { make: 'Canon', model: 'Canon EOS 5D' };
const settings = (cameraOffsets: SettingsView['cameraOffsets']): SettingsView =>
  settingsViewFixture({ cameraOffsets });

/** A Canon photo as intake gives it; `capture` changes what differs. */
function photo(intakeId: number, capture: Partial<CaptureTime>): IntakeItemView {
  return intakeItemView(intakeId, {
    capture: {
      capturedAt: 1_705_312_980,
      capturedAtMs: 1_705_312_980_000,
      rule: 'assumed',
      zone: 'Europe/Rome',
      wallTime: '2024-01-15T11:03:00',
      source: 'DateTimeOriginal',
      ...capture,
    },
    ...CANON,
  });
}

function renderReview(items: IntakeItemView[], answers: Parameters<typeof fakeBridge>[0]) {
  const { bridge, calls } = fakeBridge({ 'projects:recent': [], ...answers });
  renderIntakeScreen(items, bridge, { assumedZone: 'Europe/Rome' });
  // These details are the list's (the grid shows them in short).
  fireEvent.click(screen.getByRole('radio', { name: 'List' }));
  return calls;
}

describe('camera clocks in the review list', () => {
  it('previews the old and new time of a corrected photo, with a "corrected" badge', () => {
    renderReview(
      [
        photo(1, {
          correction: {
            offsetSeconds: 3780,
            uncorrectedAt: 1_705_309_200,
            uncorrectedWallTime: '2024-01-15T10:00:00',
          },
        }),
        photo(2, {}),
      ],
      {},
    );
    const row = screen.getByRole('checkbox', { name: 'Select IMG_1.jpg' }).closest('li')!;
    // Both read in the photo's own zone, in the user's locale.
    const before = formatCaptureTime(1_705_309_200, 'Europe/Rome');
    expect(before).toContain('(Rome)');
    expect(within(row).getByLabelText('Camera time before correction').textContent).toBe(before);
    expect(row.textContent).toContain(
      `${before} → ${formatCaptureTime(1_705_312_980, 'Europe/Rome')}`,
    );
    expect(within(row).getByText('corrected +1h03m')).toBeTruthy();
    const plain = screen.getByRole('checkbox', { name: 'Select IMG_2.jpg' }).closest('li')!;
    expect(plain.textContent).not.toContain('corrected');
  });

  it('suggests an offset from GPS time and saves it when accepted', async () => {
    const calls = renderReview(
      [photo(1, { gpsDifferenceSeconds: 3780 }), photo(2, { gpsDifferenceSeconds: 3784 })],
      { 'settings:get': settings([]), 'settings:set': settings([]) },
    );
    const notice = screen.getByRole('region', { name: 'Suggested camera clock offsets' });
    expect(notice.textContent).toContain(
      'The clock of Canon EOS 5D looks 1 h 3 min 2 s behind: GPS time of 2 photos, spread 4 s.',
    );
    fireEvent.click(within(notice).getByRole('button', { name: 'Correct Canon EOS 5D by this' }));
    await within(notice).findByRole('status');
    expect(calls.find((entry) => entry.channel === 'settings:set')?.input).toEqual({
      cameraOffsets: [{ ...CANON, offsetSeconds: 3782 }],
    });
  });
});

describe('Settings › Camera clocks', () => {
  it('lists saved offsets in words, edits one in words, removes one and adds one', async () => {
    const saved = [
      { ...CANON, offsetSeconds: 3780 },
      { make: 'SONY', model: 'ILCE-7M3', serial: '222', offsetSeconds: -300 },
    ];
    const { bridge, calls } = fakeBridge({
      'settings:get': settings(saved),
      'settings:set': settings(saved),
    });
    renderWithBridge(<CameraClocks />, bridge);
    const canon = await screen.findByLabelText<HTMLInputElement>('Clock offset of Canon EOS 5D');
    expect(canon.value).toBe('1 h 3 min behind');
    expect(
      screen.getByLabelText<HTMLInputElement>('Clock offset of SONY ILCE-7M3 #222').value,
    ).toBe('5 min ahead');
    const sets = () => calls.filter((entry) => entry.channel === 'settings:set');

    fireEvent.change(canon, { target: { value: '1 h 5 min behind' } });
    fireEvent.click(within(canon.closest('li')!).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sets()).toHaveLength(1));
    expect(sets()[0]?.input).toEqual({
      cameraOffsets: [{ ...CANON, offsetSeconds: 3900 }, saved[1]],
    });

    fireEvent.click(
      screen.getByRole('button', { name: 'Forget the clock offset of SONY ILCE-7M3 #222' }),
    );
    await waitFor(() => expect(sets()).toHaveLength(2));
    expect(sets()[1]?.input).toEqual({ cameraOffsets: [saved[0]] });

    fireEvent.change(screen.getByLabelText('Camera make'), { target: { value: 'FUJIFILM' } });
    fireEvent.change(screen.getByLabelText('Camera model'), { target: { value: 'X-T3' } });
    fireEvent.change(screen.getByLabelText('How far off its clock is'), {
      target: { value: 'soon' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add a camera clock' }));
    expect(screen.getByRole('alert').textContent).toContain('1 h 3 min behind');
    fireEvent.change(screen.getByLabelText('How far off its clock is'), {
      target: { value: '2 minutes ahead' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add a camera clock' }));
    await waitFor(() => expect(sets()).toHaveLength(3));
    expect(sets()[2]?.input).toEqual({
      cameraOffsets: [...saved, { make: 'FUJIFILM', model: 'X-T3', offsetSeconds: -120 }],
    });
  });
});
