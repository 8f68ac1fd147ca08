import { describe, expect, it } from 'vitest';
import {
  markedPlatform,
  PLATFORM_NEEDS,
  type PlatformNeed,
  skipReason,
  unmetNeeds,
} from '../../support/platform-needs';

const ALL = Object.keys(PLATFORM_NEEDS) as PlatformNeed[];

describe('platform needs', () => {
  it('skips nothing on Linux, the machine that has every need', () => {
    expect(unmetNeeds(ALL, 'linux')).toEqual([]);
    expect(skipReason(ALL, 'linux')).toBe('');
  });

  it('skips on macOS what needs Linux, and runs what needs POSIX', () => {
    expect(skipReason(['gnome-keyring'], 'darwin')).toBe(
      ' (skipped: needs gnome-keyring, a Secret Service on D-Bus; Linux only)',
    );
    expect(unmetNeeds(['exiftool', 'chromium', 'proc', 'linux-packaging'], 'darwin')).toEqual([
      'exiftool',
      'chromium',
      'proc',
      'linux-packaging',
    ]);
    expect(
      skipReason(['fifo', 'file-modes', 'symlinks', 'device-files', 'signals'], 'darwin'),
    ).toBe('');
  });

  it('skips on Windows what needs POSIX too, saying where it runs', () => {
    expect(skipReason(['fifo'], 'win32')).toBe(
      ' (skipped: needs FIFOs (mkfifo), POSIX only; Linux and macOS only)',
    );
    expect(unmetNeeds(ALL, 'win32')).toEqual(ALL);
  });

  it('names every unmet need, and the systems that have them all', () => {
    expect(skipReason(['symlinks', 'exiftool'], 'win32')).toBe(
      ' (skipped: needs symbolic links without administrator rights, POSIX only; exiftool (Debian package libimage-exiftool-perl); Linux only)',
    );
    expect(skipReason(['symlinks', 'exiftool'], 'darwin')).toBe(
      ' (skipped: needs exiftool (Debian package libimage-exiftool-perl); Linux only)',
    );
  });

  it('treats a system it does not know as lacking every need', () => {
    expect(unmetNeeds(ALL, 'freebsd')).toEqual(ALL);
  });

  it('decides for this process’s platform unless told which to list for', () => {
    expect(markedPlatform({})).toBe(process.platform);
    expect(markedPlatform({ PHOTO_UPLOADER_TEST_PLATFORM: 'win32' })).toBe('win32');
    expect(() => markedPlatform({ PHOTO_UPLOADER_TEST_PLATFORM: 'windows' })).toThrow(
      /linux, darwin or win32/,
    );
  });
});
