// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from '../../renderer/components/ui/Dialog';
import { Menu, MenuItem } from '../../renderer/components/ui/Menu';

// The React Aria wrappers of renderer/components/ui keep React Aria's roles and keyboard.

afterEach(cleanup);

describe('the menu wrapper', () => {
  it('opens on its button and runs the chosen action', async () => {
    const onAction = vi.fn();
    render(
      <Menu trigger="Actions">
        <MenuItem id="retry" onAction={onAction}>
          Retry
        </MenuItem>
        <MenuItem id="cancel" tone="danger">
          Cancel
        </MenuItem>
      </Menu>,
    );
    // The keyboard opens it (React Aria opens a menu on the press's start, which jsdom's clicks lack).
    fireEvent.keyDown(screen.getByRole('button', { name: 'Actions' }), { key: 'ArrowDown' });
    // Named by its button, as React Aria labels a menu.
    const menu = await screen.findByRole('menu', { name: 'Actions' });
    expect(menu.querySelector('[data-tone="danger"]')?.textContent).toBe('Cancel');
    const retry = screen.getByRole('menuitem', { name: 'Retry' });
    fireEvent.keyDown(retry, { key: 'Enter' });
    fireEvent.keyUp(retry, { key: 'Enter' });
    expect(onAction).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });
});

describe('the dialog wrapper', () => {
  it('is a modal named by its title, closed by its own button', async () => {
    function Harness() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog isOpen={open} onOpenChange={setOpen} title="Edit photo">
          {(close) => (
            <button type="button" onClick={close}>
              Done
            </button>
          )}
        </Dialog>
      );
    }
    render(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Edit photo' });
    expect(dialog).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
