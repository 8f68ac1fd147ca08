import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_COMMANDS } from '../../../../main/cli/cli-options';
import { appArguments, type Launch, launchMode } from '../../../../main/desktop/launch-mode';

const EXE = '/opt/Photo Uploader/photo-uploader';
const packaged = (args: string[], platform: NodeJS.Platform = 'linux'): Launch => ({
  argv: [EXE, ...args],
  defaultApp: false,
  platform,
});
const dev = (args: string[], switches: string[] = []): Launch => ({
  argv: ['/repo/node_modules/electron/dist/electron', ...switches, '/repo/dist/app', ...args],
  defaultApp: true,
  platform: 'linux',
});

describe('appArguments', () => {
  it('is what follows the executable in a packaged app', () => {
    expect(appArguments(packaged(['status', '--json']))).toEqual(['status', '--json']);
  });

  it('skips Electron’s switches and the app folder in development', () => {
    expect(appArguments(dev(['status'], ['--no-sandbox', '--inspect=9229']))).toEqual(['status']);
    expect(appArguments({ argv: ['electron'], defaultApp: true, platform: 'linux' })).toEqual([]);
  });

  it('drops the process serial number old macOS Finder launches add, only on macOS', () => {
    expect(appArguments(packaged(['-psn_0_1234567'], 'darwin'))).toEqual([]);
    expect(appArguments(packaged(['-psn_0_1234567'], 'linux'))).toEqual(['-psn_0_1234567']);
  });
});

describe('launchMode', () => {
  it('is the command line for each command it knows, with its arguments', () => {
    for (const command of ALL_COMMANDS)
      expect(launchMode(packaged([command, 'x']))).toEqual({
        kind: 'cli',
        args: [command, 'x'],
      });
    expect(launchMode(dev(['queue', '--json']))).toEqual({
      kind: 'cli',
      args: ['queue', '--json'],
    });
  });

  it('finds the command after options, skipping the values of those that take one', () => {
    expect(launchMode(packaged(['--data-dir', '/tmp/status', 'status'])).kind).toBe('cli');
    expect(launchMode(packaged(['--data-dir=/tmp/d', 'sync'])).kind).toBe('cli');
    expect(launchMode(packaged(['--verbose', 'queue'])).kind).toBe('cli');
    // `--data-dir status` leaves no command: the value is the folder's name.
    expect(launchMode(packaged(['--data-dir', 'status'])).kind).toBe('app');
  });

  it('answers --help and --version as the command line', () => {
    expect(launchMode(packaged(['--help']))).toEqual({ kind: 'cli', args: ['--help'] });
    expect(launchMode(packaged(['--version']))).toEqual({ kind: 'cli', args: ['--version'] });
    expect(launchMode(dev(['--version'], ['--no-sandbox'])).kind).toBe('cli');
  });

  it('is the app with no argument, its window shown', () => {
    expect(launchMode(packaged([]))).toEqual({ kind: 'app', hidden: false });
    expect(launchMode(dev([]))).toEqual({ kind: 'app', hidden: false });
    expect(launchMode(packaged(['-psn_0_99'], 'darwin'))).toEqual({ kind: 'app', hidden: false });
  });

  it('is the app in the tray when started at login (--hidden)', () => {
    expect(launchMode(packaged(['--hidden']))).toEqual({ kind: 'app', hidden: true });
    expect(launchMode(dev(['--hidden']))).toEqual({ kind: 'app', hidden: true });
    // Even beside a command: the login item never runs the command line.
    expect(launchMode(packaged(['--hidden', 'sync']))).toEqual({ kind: 'app', hidden: true });
  });

  it('keeps a sign-in link, a setup file and Chromium’s switches for the app', () => {
    for (const args of [
      ['com.photouploader.app:/oauth/callback?code=1&state=2'],
      ['com.photouploader.app://oauth/callback'],
      ['/home/ann/office.photouploader'],
      ['C:\\Users\\Ann\\Downloads\\setup.photouploader'],
      ['file:///home/ann/office.photouploader'],
      ['--no-sandbox'],
      ['--enable-logging', '--remote-debugging-port=9222'],
      ['--no-sandbox', 'com.photouploader.app:/oauth/callback'],
      ['--allow-file-access-from-files', '/home/ann/status.photouploader'],
    ])
      expect(launchMode(packaged(args)), args.join(' ')).toEqual({ kind: 'app', hidden: false });
  });

  it('is the app for a word that is no command (the app never runs an unknown command)', () => {
    expect(launchMode(packaged(['statuss'])).kind).toBe('app');
    expect(launchMode(packaged(['Status'])).kind).toBe('app');
  });

  it('property: the command line exactly when the first argument is a command', () => {
    const word = fc.oneof(
      fc.constantFrom(...ALL_COMMANDS),
      fc.stringMatching(/^[a-z][a-z-]{0,10}$/),
      fc.constant('com.photouploader.app:/oauth/callback'),
      fc.constant('/tmp/office.photouploader'),
    );
    const chromiumSwitch = fc.constantFrom('--no-sandbox', '--enable-logging', '--lang=fr');
    fc.assert(
      fc.property(
        fc.array(chromiumSwitch, { maxLength: 3 }),
        word,
        fc.array(fc.oneof(word, chromiumSwitch), { maxLength: 4 }),
        fc.boolean(),
        (switches, first, rest, development) => {
          const args = [...switches, first, ...rest];
          const mode = launchMode(development ? dev(args, ['--inspect']) : packaged(args));
          if (args.includes('--hidden')) return;
          expect(mode.kind).toBe(ALL_COMMANDS.has(first) ? 'cli' : 'app');
          if (mode.kind === 'cli') expect(mode.args).toEqual(args);
        },
      ),
    );
  });

  it('property: --hidden anywhere always starts the app in the tray', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...ALL_COMMANDS), fc.string()), { maxLength: 5 }),
        fc.nat(5),
        (args, at) => {
          const withHidden = [...args];
          withHidden.splice(Math.min(at, args.length), 0, '--hidden');
          expect(launchMode(packaged(withHidden))).toEqual({ kind: 'app', hidden: true });
        },
      ),
    );
  });
});
