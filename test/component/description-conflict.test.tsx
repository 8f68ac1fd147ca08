// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
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
});
