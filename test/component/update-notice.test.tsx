// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
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

  it('shows nothing when there is no news (off, up to date)', async () => {
    const { bridge, calls } = fakeBridge({
      'updates:get': { notice: undefined, problem: false, action: undefined },
    });
    const { container } = renderWithBridge(<UpdateNotice />, bridge);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(container.textContent).toBe('');
  });
});
