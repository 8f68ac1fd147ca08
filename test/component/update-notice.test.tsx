// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { UpdateNotice } from '../../renderer/app/UpdateNotice';
import type { UpdateView } from '../../shared/ipc/views';
import { fakeBridge, renderWithBridge } from './render-with-bridge';

afterEach(cleanup);

const ready: UpdateView = {
  notice: { key: 'updates.notice.ready', values: { version: '1.2.0' } },
  problem: false,
  action: {
    kind: 'restart',
    label: { key: 'updates.action.restartWaiting', values: { count: 3 } },
  },
};
const waiting: UpdateView = {
  notice: { key: 'updates.notice.waiting', values: { version: '1.2.0', count: 3 } },
  problem: false,
  action: undefined,
};

describe('the update notice', () => {
  it('says the version is ready, and restarting asks main, which says it waits for the uploads', async () => {
    const { bridge, calls } = fakeBridge({ 'updates:get': ready, 'updates:restart': waiting });
    renderWithBridge(<UpdateNotice />, bridge);
    expect(await screen.findByText('Version 1.2.0 is ready')).toBeTruthy();
    fireEvent.click(
      screen.getByRole('button', { name: 'Restart to update (waits for 3 uploads)' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Version 1.2.0 installs once 3 uploads are done',
      ),
    );
    expect(calls.map((call) => [call.channel, call.input])).toEqual([
      ['updates:get', {}],
      ['updates:restart', {}],
    ]);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('keeps what an event said over a first answer that arrives after it', async () => {
    const { bridge } = fakeBridge({});
    let tell: ((view: UpdateView) => void) | undefined;
    let answer: ((view: UpdateView) => void) | undefined;
    bridge.on = ((channel: string, listener: (view: UpdateView) => void) => {
      if (channel === 'updates:changed') tell = listener;
      return () => undefined;
    }) as typeof bridge.on;
    bridge.invoke = () =>
      new Promise((resolve) => {
        answer = (value) => resolve({ ok: true, value: value as never });
      });
    renderWithBridge(<UpdateNotice />, bridge);
    await waitFor(() => expect(tell).toBeDefined());
    act(() => tell?.(ready));
    expect(await screen.findByText('Version 1.2.0 is ready')).toBeTruthy();
    // The first answer was made before the update was downloaded: it says nothing yet.
    await act(async () => {
      answer?.({ notice: undefined, problem: false, action: undefined });
      await Promise.resolve();
    });
    expect(screen.getByText('Version 1.2.0 is ready')).toBeTruthy();
  });

  it('shows nothing when there is no news (off, up to date)', async () => {
    const { bridge, calls } = fakeBridge({
      'updates:get': { notice: undefined, problem: false, action: undefined },
    });
    const { container } = renderWithBridge(<UpdateNotice />, bridge);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});
