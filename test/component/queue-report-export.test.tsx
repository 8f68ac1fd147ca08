// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueueScreen } from '../../renderer/features/queue/QueueScreen';
import { fakeBridge, renderWithBridge } from './render-with-bridge';
import { queueSnapshot } from '../fakes/queue-snapshot';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const emptyQueue = queueSnapshot([], 'idle');

describe('exporting the report from the queue screen', () => {
  it.each([
    [
      'CSV',
      'csv',
      'text/csv',
      'file,project,outcome,photo_id,reason\r\n/a.jpg,p1,uploaded,42,\r\n',
    ],
    ['JSON', 'json', 'application/json', '[{"file":"/a.jpg"}]\n'],
  ] as const)(
    'saves the %s report main made, under its file name',
    async (label, format, mimeType, content) => {
      const fileName = `photo-uploader-report-2026-11-21.${format}`;
      const { bridge, calls } = fakeBridge({
        'queue:export-report': { fileName, mimeType, content },
      });
      const blobs: Blob[] = [];
      URL.createObjectURL = vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:report';
      });
      URL.revokeObjectURL = vi.fn();
      const clicked: HTMLAnchorElement[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        clicked.push(this);
      });

      renderWithBridge(<QueueScreen queue={emptyQueue} />, bridge);
      fireEvent.click(screen.getByRole('button', { name: `Export report (${label})` }));

      await waitFor(() => expect(clicked).toHaveLength(1));
      expect(calls).toEqual([{ channel: 'queue:export-report', input: { format } }]);
      expect(clicked[0]?.download).toBe(fileName);
      expect(clicked[0]?.href).toBe('blob:report');
      expect(blobs[0]?.type).toBe(mimeType);
      expect(await blobs[0]?.text()).toBe(content);
    },
  );

  it('says why when the report cannot be made', async () => {
    const { bridge } = fakeBridge({});
    renderWithBridge(<QueueScreen queue={emptyQueue} />, bridge);
    fireEvent.click(screen.getByRole('button', { name: 'Export report (CSV)' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'no answer for queue:export-report',
    );
  });
});
