// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToasts, showToast, ToastRegion } from '../../renderer/components/ui/Toast';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

// Issue 24 §1: a failure's toast is an alert said at once, other news waits politely; and news
// that comes after a finished run never puts that run's toast (and so its progress bar) away.

afterEach(cleanup);

function region() {
  const toasts = createToasts();
  renderWithBridge(<ToastRegion toasts={toasts} />, fakeBridge({}).bridge);
  return toasts;
}

describe('the window’s toasts', () => {
  it('say a danger toast as an alert and the others as a polite status', async () => {
    const toasts = region();
    act(() => {
      showToast(toasts, { text: 'The drop failed.', tone: 'danger' });
    });
    const danger = (await screen.findByText('The drop failed.')).closest('[aria-live]');
    expect(danger?.getAttribute('role')).toBe('alert');
    expect(danger?.getAttribute('aria-live')).toBe('assertive');
    for (const tone of ['success', 'info', 'warning'] as const) {
      act(() => {
        showToast(toasts, { text: `A ${tone} toast.`, tone });
      });
      const shown = (await screen.findByText(`A ${tone} toast.`)).closest('[aria-live]');
      expect(shown?.getAttribute('role')).toBe('status');
      expect(shown?.getAttribute('aria-live')).toBe('polite');
    }
  });

  it('leave a toast with its own close action open when news comes, until it is dismissed', async () => {
    const toasts = region();
    const putRunAway = vi.fn();
    act(() => {
      showToast(toasts, { text: 'All uploads are finished.', tone: 'success' }, putRunAway);
    });
    act(() => {
      showToast(toasts, { text: 'The drop failed.', tone: 'danger' });
    });
    await screen.findByText('The drop failed.');
    act(() => {
      showToast(toasts, { text: 'Queued 3 photos.', tone: 'success' });
    });
    await screen.findByText('Queued 3 photos.');
    // The ordinary news made way for the newest; the run's toast stayed, its action not run.
    await waitFor(() => expect(screen.queryByText('The drop failed.')).toBeNull());
    expect(screen.getByText('All uploads are finished.')).toBeTruthy();
    expect(putRunAway).not.toHaveBeenCalled();

    const finished = screen.getByText('All uploads are finished.').closest('.ui-toast');
    const dismiss = finished?.querySelector('button');
    if (!(dismiss instanceof HTMLElement)) throw new Error('the finished toast has no Dismiss');
    fireEvent.click(dismiss);
    await waitFor(() => expect(putRunAway).toHaveBeenCalledOnce());
  });

  it('replace an older notice of the same run quietly: one at a time, its action not run', async () => {
    const toasts = region();
    const firstRunAway = vi.fn();
    const secondRunAway = vi.fn();
    act(() => {
      showToast(
        toasts,
        { text: '2 photos need attention.', tone: 'warning', topic: 'run' },
        firstRunAway,
      );
    });
    await screen.findByText('2 photos need attention.');
    act(() => {
      showToast(
        toasts,
        { text: 'All uploads are finished.', tone: 'success', topic: 'run' },
        secondRunAway,
      );
    });
    await screen.findByText('All uploads are finished.');
    await waitFor(() => expect(screen.queryByText('2 photos need attention.')).toBeNull());
    expect(firstRunAway).not.toHaveBeenCalled();
    expect(secondRunAway).not.toHaveBeenCalled();
  });
});
