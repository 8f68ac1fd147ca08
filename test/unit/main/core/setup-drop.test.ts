import { describe, expect, it } from 'vitest';
import type { SetupResultView } from '../../../../shared/ipc/views';
import { type IpcHandlers, IpcFailure } from '../../../../shared/ipc/dispatcher';
import {
  droppedSetupFile,
  receiveDrop,
  WindowFrontEnd,
} from '../../../../main/desktop/window-front-end';

// A drop of one `.photouploader` file on the window opens it as a setup file (with the same
// native confirmation as Settings › Open a setup file…) instead of taking it in as photos.

describe('droppedSetupFile', () => {
  it('is the one dropped item when it is a setup file', () => {
    expect(droppedSetupFile(['/home/ann/Downloads/office.photouploader'])).toBe(
      '/home/ann/Downloads/office.photouploader',
    );
    expect(droppedSetupFile(['C:\\Users\\ann\\Office.PHOTOUPLOADER'])).toBe(
      'C:\\Users\\ann\\Office.PHOTOUPLOADER',
    );
  });

  it('is none for photos, folders, or a setup file dropped with other items', () => {
    expect(droppedSetupFile(['/photos/IMG_1.jpg'])).toBeUndefined();
    expect(droppedSetupFile(['/photos'])).toBeUndefined();
    expect(
      droppedSetupFile(['/home/ann/office.photouploader', '/photos/IMG_1.jpg']),
    ).toBeUndefined();
  });
});

describe('receiveDrop of a setup file', () => {
  const frontEnd = new WindowFrontEnd(() => Promise.resolve(false));
  const takenIn: string[][] = [];
  const handlers = {
    'intake:add-paths': (input: { paths: string[] }) => {
      takenIn.push(input.paths);
      return Promise.resolve({ runId: takenIn.length });
    },
  } as unknown as IpcHandlers;
  const fail = (error: unknown) => {
    throw error;
  };

  it('opens a lone setup file as one, not as photos', async () => {
    const opened: string[] = [];
    const open = (path: string): Promise<SetupResultView> => {
      opened.push(path);
      return Promise.resolve({ applied: true, message: 'The setup was saved.' });
    };
    const result = await receiveDrop(
      frontEnd,
      handlers,
      { paths: ['/home/ann/office.photouploader'], assumedZone: 'UTC' },
      { trusted: true },
      fail,
      open,
    );
    expect(result).toEqual({
      ok: true,
      value: {
        runId: null,
        unlocated: 0,
        setup: { applied: true, message: 'The setup was saved.' },
      },
    });
    expect(opened).toEqual(['/home/ann/office.photouploader']);
    expect(takenIn).toEqual([]);
  });

  it('says why a dropped setup file was refused', async () => {
    const result = await receiveDrop(
      frontEnd,
      handlers,
      { paths: ['/home/ann/office.photouploader'], assumedZone: 'UTC' },
      { trusted: true },
      fail,
      () => Promise.reject(new IpcFailure('bad-input', 'The setup file is not valid.')),
    );
    expect(result).toEqual({
      ok: false,
      code: 'bad-input',
      message: 'The setup file is not valid.',
    });
  });

  it('takes a setup file dropped among photos in with them (and never opens it)', async () => {
    const result = await receiveDrop(
      frontEnd,
      handlers,
      { paths: ['/home/ann/office.photouploader', '/photos/a.jpg'], assumedZone: 'UTC' },
      { trusted: true },
      fail,
      () => Promise.reject(new Error('opened')),
    );
    expect(result).toMatchObject({ ok: true, value: { runId: 1 } });
  });
});
