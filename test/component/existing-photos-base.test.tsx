// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ExistingPhotos } from '../../renderer/features/photos/ExistingPhotos';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

// Issue 13 §7, false conflict: the window's second save of a photo's description must start
// from the user's own first save, not from the description as the photo was opened.

describe('saving a photo’s description twice', () => {
  it('takes the description as last saved as the base of the next save', async () => {
    // jsdom lays nothing out: the virtualized grid is given a size to show its cells in.
    for (const [name, value] of [
      ['clientHeight', 600],
      ['clientWidth', 800],
    ] as const)
      Object.defineProperty(HTMLElement.prototype, name, { configurable: true, value });
    const { bridge, calls } = fakeBridge({
      'projects:recent': [{ id: 'pr-1', name: 'Site A', address: '', photoCount: 1 }],
      'photos:list': {
        photos: [
          {
            id: 'ph-1',
            projectId: 'pr-1',
            capturedAt: 1_700_000_000,
            coordinates: null,
            description: '<p>As opened</p>',
            internal: false,
            processingStatus: 'processed',
            hasThumbnail: false,
            tags: [],
            uploader: null,
            zone: undefined,
          },
        ],
        more: false,
      },
      'photos:edit-description': { itemId: 7, description: '<p>As saved</p>' },
    });
    renderWithBridge(<ExistingPhotos conflicts={[]} />, bridge);
    fireEvent.click(await screen.findByRole('button', { name: /Site A/ }));
    fireEvent.click(await screen.findByRole('button', { name: /Edit description, photo ph-1/ }));
    const save = screen.getByRole('button', { name: 'Save description' });
    const bases = () =>
      calls
        .filter((call) => call.channel === 'photos:edit-description')
        .map((call) => (call.input as { baseDescription: string | null }).baseDescription);

    fireEvent.click(save);
    await screen.findByText(/Saved\. The new description is queued/);
    fireEvent.click(save);
    await waitFor(() => expect(bases()).toHaveLength(2));
    expect(bases()).toEqual(['<p>As opened</p>', '<p>As saved</p>']);

    // Opened again from the list, the photo shows (and starts from) the saved description.
    fireEvent.click(screen.getByRole('button', { name: 'Back to the photos' }));
    fireEvent.click(screen.getByRole('button', { name: /Edit description, photo ph-1/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save description' }));
    await waitFor(() => expect(bases()).toHaveLength(3));
    expect(bases()[2]).toBe('<p>As saved</p>');
  });
});
