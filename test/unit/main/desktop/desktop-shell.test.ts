import { describe, expect, it } from 'vitest';
import { appMenu, menuRoles } from '../../../../main/desktop/app-menu';
import {
  afterLastWindowClosed,
  choiceToRemember,
  quitDecision,
  quitQuestion,
  withTimeLimit,
} from '../../../../main/desktop/quit-rules';
import { queueStateWords, trayMenu } from '../../../../main/desktop/tray-menu';
import { restoredPlace } from '../../../../main/desktop/window-place';
import { createTranslator } from '../../../../shared/i18n/translator';
import type { QueueProgressView } from '../../../../shared/ipc/views';

const en = createTranslator('en').t;

const progress = (change: Partial<QueueProgressView['stages']>, paused = 0): QueueProgressView => ({
  stages: { preparing: 0, creating: 0, processing: 0, done: 0, ...change },
  needsAttention: 0,
  paused,
  bytesTotal: 0,
  bytesStaged: 0,
  etaSeconds: undefined,
});

describe('quitting', () => {
  it('quits at once with nothing pending, follows a remembered choice, else asks', () => {
    expect(quitDecision(0, undefined)).toBe('quit');
    expect(quitDecision(0, 'keep-uploading')).toBe('quit');
    expect(quitDecision(3, undefined)).toBe('ask');
    expect(quitDecision(3, 'keep-uploading')).toBe('keep-uploading');
    expect(quitDecision(3, 'quit')).toBe('quit');
    // Reset in Settings (issue 22): asks again.
    expect(quitDecision(3, 'ask')).toBe('ask');
  });

  it('asks with three answers, Cancel last and the escape, and offers to remember', () => {
    const question = quitQuestion(1, en);
    expect(question.message).toBe('1 photo is still waiting to be uploaded.');
    expect(question.buttons).toEqual(['Quit anyway', 'Keep uploading in the background', 'Cancel']);
    expect(question.choices[question.cancelIndex]).toBe('cancel');
    expect(quitQuestion(12, en).message).toContain('12 photos are');
    expect(choiceToRemember('keep-uploading', true)).toBe('keep-uploading');
    expect(choiceToRemember('cancel', true)).toBeUndefined();
    expect(choiceToRemember('quit', false)).toBeUndefined();
  });

  it('waits at most its time limit for the steps in flight', async () => {
    expect(await withTimeLimit(Promise.resolve(), 1000)).toBe('done');
    const never = new Promise(() => undefined);
    const started = Date.now();
    expect(await withTimeLimit(never, 50)).toBe('timed-out');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('keeps running after the last window closes on macOS, and elsewhere while uploads are pending', () => {
    expect(afterLastWindowClosed('darwin', 0)).toBe('keep-running');
    expect(afterLastWindowClosed('linux', 2)).toBe('keep-running');
    expect(afterLastWindowClosed('win32', 0)).toBe('quit');
  });
});

describe('the tray menu', () => {
  it('has Open, Pause all or Resume all, the state in words, and Quit', () => {
    const running = trayMenu(progress({ preparing: 2, done: 3 }), 'running', en);
    expect(running.map((entry) => ('label' in entry ? entry.label : '—'))).toEqual([
      'Open Photo Uploader',
      '—',
      'Pause all',
      'Uploading: 3 of 5 done',
      '—',
      'Quit',
    ]);
    const paused = trayMenu(progress({ preparing: 2 }, 2), 'running', en);
    expect(paused.some((entry) => 'id' in entry && entry.id === 'resume-all')).toBe(true);
  });

  it('says what the queue waits for', () => {
    expect(queueStateWords(undefined, 'idle', en)).toBe('No uploads');
    expect(queueStateWords(progress({ done: 4 }), 'idle', en)).toBe('All 4 uploaded');
    expect(queueStateWords(progress({ done: 1 }), 'idle', en)).toBe('1 uploaded');
    expect(queueStateWords(progress({ creating: 1 }), 'offline', en)).toBe(
      '1 waiting for the connection',
    );
    expect(queueStateWords(progress({ creating: 1 }), 'needs-sign-in', en)).toBe(
      '1 waiting for you to sign in',
    );
  });
});

describe('the application menu', () => {
  it('has File, Edit, View and Help, and no developer tools in packaged builds', () => {
    const packaged = appMenu({ platform: 'linux', packaged: true }, en);
    expect(packaged.map((item) => ('label' in item ? item.label : ''))).toEqual([
      'File',
      'Edit',
      'View',
      'Help',
    ]);
    expect(menuRoles(packaged)).not.toContain('toggleDevTools');
    expect(menuRoles(appMenu({ platform: 'linux', packaged: false }, en))).toContain(
      'toggleDevTools',
    );
    expect(menuRoles(packaged)).toEqual(
      expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']),
    );
    const commands = JSON.stringify(packaged);
    for (const command of [
      'add-photos',
      'add-folder',
      'quit',
      'open-logs',
      'save-diagnostics',
      'about',
    ])
      expect(commands).toContain(command);
  });

  it('puts the app menu first on macOS', () => {
    const mac = appMenu({ platform: 'darwin', packaged: true }, en);
    expect('label' in mac[0]! && mac[0].label).toBe('Photo Uploader');
  });
});

describe("the window's place", () => {
  const screen = { x: 0, y: 0, width: 1920, height: 1080 };
  it('is restored when it is on a screen, and fitted to it', () => {
    const saved = { x: 100, y: 50, width: 1400, height: 900, maximized: true };
    expect(restoredPlace(saved, [screen])).toEqual(saved);
    expect(restoredPlace({ ...saved, width: 3000 }, [screen])?.width).toBe(1920);
  });

  it('is forgotten when its screen is gone', () => {
    const onUnpluggedScreen = { x: 2500, y: 100, width: 1200, height: 800, maximized: false };
    expect(restoredPlace(onUnpluggedScreen, [screen])).toBeUndefined();
    expect(restoredPlace(undefined, [screen])).toBeUndefined();
  });
});
