// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { IntakeScreen } from '../../renderer/features/intake/IntakeScreen';
import type { IntakeProgressView } from '../../shared/ipc/views';
import { fixedIntake } from '../fakes/intake-state';
import { intakeItemView } from '../fakes/intake-item-view';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

/** The Add photos screen after a run that found `progress`. */
function renderAfterRun(progress: IntakeProgressView) {
  const { bridge } = fakeBridge({ 'projects:recent': [] });
  renderWithBridge(
    <IntakeScreen
      intake={{ ...fixedIntake([intakeItemView(1)]), progress }}
      assumedZone="UTC"
      onZoneChange={() => undefined}
      onQueued={() => undefined}
    />,
    bridge,
  );
}

describe('counts in the window', () => {
  it('says "Done: 1 photo" after a run that found one photo', () => {
    renderAfterRun({ found: 2, inspected: 2, photos: 1, skipped: 1, errors: 0, done: true });
    expect(screen.getByRole('status').textContent).toBe('Done: 1 photo, 1 skipped, 0 unreadable');
    expect(screen.getByRole('button', { name: 'Upload 1 photo' })).toBeDefined();
  });

  it('says "photos" for any other count', () => {
    renderAfterRun({ found: 3, inspected: 3, photos: 3, skipped: 0, errors: 0, done: true });
    expect(screen.getByRole('status').textContent).toBe('Done: 3 photos, 0 skipped, 0 unreadable');
  });
});
