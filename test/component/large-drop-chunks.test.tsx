// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderIntakeScreen } from './render-intake-screen';
import { afterEach, describe, expect, it } from 'vitest';
import type { IntakeItemView } from '../../shared/ipc/views';
import { useIntake } from '../../renderer/bridge/hooks';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { intakeItemView } from '../fakes/intake-item-view';

afterEach(cleanup);

const PHOTOS = 15_000;

/** A photo intake found: only what the screen reads differs between photos. */
function photo(intakeId: number): IntakeItemView {
  return intakeItemView(intakeId);
}

/** Adds the given paths through the window's intake hook when clicked. */
function AddPaths({ paths }: { readonly paths: readonly string[] }) {
  const intake = useIntake();
  return (
    <button type="button" onClick={() => void intake.add(paths, 'UTC')}>
      Add
    </button>
  );
}

describe('a drop larger than one message', () => {
  it('is sent as chunks of one intake run', async () => {
    const { bridge, calls } = fakeBridge({ 'intake:add-paths': { runId: 7 } });
    const paths = Array.from({ length: 12_001 }, (_, index) => `/drop/f${index}.jpg`);
    renderWithBridge(<AddPaths paths={paths} />, bridge);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    const inputs = calls.map(
      (entry) => entry.input as { paths: string[]; runId?: number; more: boolean },
    );
    expect(inputs.map((input) => input.paths.length)).toEqual([5000, 5000, 2001]);
    expect(inputs.flatMap((input) => input.paths)).toEqual(paths);
    expect(inputs.map((input) => input.runId)).toEqual([undefined, 7, 7]);
    expect(inputs.map((input) => input.more)).toEqual([true, true, false]);
  });

  it('is queued as one batch, in chunks whose counts add up', async () => {
    const { bridge, calls } = fakeBridge({
      'projects:recent': [{ id: 'p1', name: 'Harbor', address: '', photoCount: undefined }],
      'queue:add-photos': { added: 5000, alreadyQueued: 0, addedIntakeIds: [], skipped: [] },
    });
    const items = Array.from({ length: PHOTOS }, (_, index) => photo(index + 1));
    let queued = '';
    renderIntakeScreen(items, bridge, { onQueued: (message) => (queued = message) });
    fireEvent.click(await screen.findByRole('button', { name: /Harbor/ }));
    // Counts are written as the window's language writes numbers (English groups thousands).
    fireEvent.click(screen.getByRole('button', { name: 'Upload 15,000 photos to Harbor' }));
    await waitFor(() => expect(queued).toBe('Queued 15,000 photos for Harbor.'));
    const sent = calls
      .filter((entry) => entry.channel === 'queue:add-photos')
      .map((entry) => entry.input as { intakeIds: number[]; projectId: string });
    expect(sent.map((input) => input.intakeIds.length)).toEqual([5000, 5000, 5000]);
    expect(sent.flatMap((input) => input.intakeIds)).toEqual(items.map((item) => item.intakeId));
    expect(new Set(sent.map((input) => input.projectId))).toEqual(new Set(['p1']));
  });
});
