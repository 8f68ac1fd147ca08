// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFilesDraggedOver } from '../../renderer/app/use-files-dragged-over';

afterEach(cleanup);

/** What App does with the hook: a class on the window's root while files are over it. */
function Root() {
  return (
    <div data-testid="root" className={useFilesDraggedOver() ? 'app dragging-files' : 'app'} />
  );
}

/** A drag event carrying `types` (jsdom has no DragEvent of its own). */
function drag(type: string, types: readonly string[]): Event {
  const event = new Event(type, { bubbles: true });
  Object.defineProperty(event, 'dataTransfer', { value: { types } });
  return event;
}

describe('dragging files over the window', () => {
  it('highlights the whole window until the drag leaves it or drops', () => {
    const { getByTestId } = render(<Root />);
    const root = getByTestId('root');
    act(() => void window.dispatchEvent(drag('dragenter', ['Files'])));
    expect(root.className).toContain('dragging-files');
    // Crossing into a child element: one more enter, then the leave of the outer one.
    act(() => void window.dispatchEvent(drag('dragenter', ['Files'])));
    act(() => void window.dispatchEvent(drag('dragleave', ['Files'])));
    expect(root.className).toContain('dragging-files');
    act(() => void window.dispatchEvent(drag('dragleave', ['Files'])));
    expect(root.className).not.toContain('dragging-files');
    act(() => void window.dispatchEvent(drag('dragenter', ['Files'])));
    act(() => void window.dispatchEvent(drag('drop', ['Files'])));
    expect(root.className).not.toContain('dragging-files');
  });

  it('ignores drags of text from inside the page', () => {
    const { getByTestId } = render(<Root />);
    act(() => void window.dispatchEvent(drag('dragenter', ['text/plain'])));
    expect(getByTestId('root').className).toBe('app');
  });
});
