// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Conflict } from '../../renderer/features/photos/ExistingPhotos';
import { queueItemView as item } from '../fakes/queue-item-view';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

// The window sanitizes descriptions again where they become markup, whatever main sent.

describe('the description conflict', () => {
  it('renders both versions as the allowed HTML only', () => {
    const { bridge } = fakeBridge({});
    renderWithBridge(
      <Conflict
        item={item(5, {
          kind: 'description',
          state: 'needs-attention',
          photoId: 'ph-5',
          description: '<p>Mine<img src="x" onerror="alert(1)"></p>',
          serviceDescription:
            '<p>Theirs</p><form action="https://evil.example/"><input name="p"></form><style>p{}</style><a href="/settings" target="_blank">rel</a><a href="https://ok.example/" target="_top">ok</a>',
        })}
        onDone={() => undefined}
      />,
      bridge,
    );
    const group = screen.getByRole('group', { name: 'Description conflict' });
    const previews = [...group.querySelectorAll('.preview')].map((preview) => preview.innerHTML);
    expect(previews).toEqual([
      '<p>Mine</p>',
      '<p>Theirs</p><a>rel</a><a href="https://ok.example/">ok</a>',
    ]);
  });

  it('settles the conflict with the core’s one call, as the command line does', async () => {
    const { bridge, calls } = fakeBridge({ 'queue:retry': { changed: 1 } });
    let done = 0;
    const conflict = item(7, {
      kind: 'description',
      state: 'needs-attention',
      photoId: 'ph-7',
      description: '<p>Mine</p>',
      serviceDescription: '<p>Theirs</p>',
    });
    renderWithBridge(<Conflict item={conflict} onDone={() => (done += 1)} />, bridge);
    fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep the service’s' }));
    await waitFor(() => expect(done).toBe(2));
    expect(calls).toEqual([
      { channel: 'queue:retry', input: { itemId: 7, resolve: { keep: 'mine' } } },
      { channel: 'queue:retry', input: { itemId: 7, resolve: { keep: 'theirs' } } },
    ]);
  });
});
