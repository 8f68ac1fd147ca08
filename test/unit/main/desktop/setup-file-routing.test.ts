import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IpcFailure } from '../../../../shared/ipc/dispatcher';
import { setupFileFromArgv, setupFileRouter } from '../../../../main/desktop/setup-file-routing';
import { setupOutcomeBox } from '../../../../main/desktop/setup-outcome';
import { createTranslator } from '../../../../shared/i18n/translator';

describe('setupFileFromArgv', () => {
  it('is the setup file the operating system passed (a double-click), made absolute', () => {
    expect(
      setupFileFromArgv(
        ['/opt/Photo Uploader/photo-uploader', '/home/ann/office.photouploader'],
        '/',
      ),
    ).toBe(resolve('/home/ann/office.photouploader'));
    expect(
      setupFileFromArgv(
        ['/opt/Photo Uploader/photo-uploader', 'Downloads/Office.PhotoUploader'],
        '/home/ann',
      ),
    ).toBe(resolve('/home/ann/Downloads/Office.PhotoUploader'));
  });

  it('takes a file: URL as the file it names (Linux desktops pass %U)', () => {
    expect(
      setupFileFromArgv(
        [
          '/opt/Photo Uploader/photo-uploader',
          pathToFileURL(resolve('/home/ann/My Files/office.photouploader')).href,
        ],
        '/tmp',
      ),
    ).toBe(resolve('/home/ann/My Files/office.photouploader'));
  });

  it('is none for the executable, switches, the app folder in development or a sign-in link', () => {
    expect(setupFileFromArgv(['/opt/x/office.photouploader'], '/')).toBeUndefined();
    expect(
      setupFileFromArgv(
        ['electron', '.', '--inspect', 'com.photouploader.app:/oauth/callback'],
        '/',
      ),
    ).toBeUndefined();
    expect(setupFileFromArgv(['electron', '--open=a.photouploader'], '/')).toBeUndefined();
  });
});

describe('setupFileRouter', () => {
  it('keeps the files opened before the core is ready, then hands each on, showing the window', () => {
    const heard: string[] = [];
    const routes = setupFileRouter(() => heard.push('focus'));
    routes.firstLaunch(['photo-uploader', '/a/one.photouploader'], '/');
    routes.openFile('/a/two.photouploader');
    routes.deliverTo((path) => heard.push(path));
    routes.secondInstance(['photo-uploader', 'three.photouploader'], '/b');
    routes.secondInstance(['photo-uploader'], '/b');
    expect(heard).toEqual([
      'focus',
      resolve('/a/one.photouploader'),
      '/a/two.photouploader',
      'focus',
      resolve('/b/three.photouploader'),
      'focus',
    ]);
  });

  it('leaves other files macOS opens with the app alone', () => {
    const heard: string[] = [];
    const routes = setupFileRouter(() => heard.push('focus'));
    routes.deliverTo((path) => heard.push(path));
    expect(routes.openFile('/photos/IMG_1.jpg')).toBe(false);
    expect(heard).toEqual([]);
  });
});

const en = createTranslator('en').t;

describe('setupOutcomeBox', () => {
  it('says what was saved, or why not; a cancel says nothing', async () => {
    expect(
      await setupOutcomeBox(
        Promise.resolve({ applied: true, message: 'The setup was saved.' }),
        en,
      ),
    ).toEqual({ type: 'info', title: 'Setup file applied', message: 'The setup was saved.' });
    expect(
      await setupOutcomeBox(Promise.resolve({ applied: false, message: '' }), en),
    ).toBeUndefined();
    expect(
      await setupOutcomeBox(Promise.reject(new IpcFailure('bad-input', 'It is not valid.')), en),
    ).toEqual({ type: 'warning', title: 'Setup file not applied', message: 'It is not valid.' });
    const logged: unknown[] = [];
    expect(
      await setupOutcomeBox(Promise.reject(new Error('disk on fire')), en, (error) =>
        logged.push(error),
      ),
    ).toEqual({
      type: 'warning',
      title: 'Setup file not applied',
      message: 'The setup file could not be applied; the problem has been logged.',
    });
    expect(logged).toHaveLength(1);
  });
});
