import { describe, expect, it } from 'vitest';
import {
  formatUpdateInfo,
  mergeUpdateInfo,
  parseUpdateInfo,
} from '../../../build/merge-mac-update-info';

// The two macOS builds of a release each write a latest-mac.yml with their own zip; the release
// publishes one that lists both, which electron-updater picks from by processor.

const INTEL = `version: 1.2.3
files:
  - url: photo-uploader-1.2.3-mac-x64.zip
    sha512: aW50ZWw=
    size: 100
  - url: photo-uploader-1.2.3-mac-x64.dmg
    sha512: ZG1nLWludGVs
    size: 120
path: photo-uploader-1.2.3-mac-x64.zip
sha512: aW50ZWw=
releaseDate: '2026-11-27T23:00:00.000Z'
`;

const ARM = `version: 1.2.3
files:
  - url: photo-uploader-1.2.3-mac-arm64.zip
    sha512: YXJt
    size: 90
path: photo-uploader-1.2.3-mac-arm64.zip
sha512: YXJt
releaseDate: '2026-11-27T23:05:00.000Z'
`;

describe('the macOS update feed of a release', () => {
  it('lists the files of both builds, with the Intel build first and its path kept', () => {
    for (const order of [
      [ARM, INTEL],
      [INTEL, ARM],
    ]) {
      const merged = mergeUpdateInfo(order.map(parseUpdateInfo));
      expect(merged.files.map((file) => file.url)).toEqual([
        'photo-uploader-1.2.3-mac-x64.zip',
        'photo-uploader-1.2.3-mac-x64.dmg',
        'photo-uploader-1.2.3-mac-arm64.zip',
      ]);
      expect(merged).toMatchObject({
        version: '1.2.3',
        path: 'photo-uploader-1.2.3-mac-x64.zip',
        releaseDate: '2026-11-27T23:00:00.000Z',
      });
    }
  });

  it('reads back as it was merged (and keeps the sizes and checksums)', () => {
    const merged = mergeUpdateInfo([parseUpdateInfo(INTEL), parseUpdateInfo(ARM)]);
    expect(parseUpdateInfo(formatUpdateInfo(merged))).toEqual(merged);
    expect(merged.files[2]).toEqual({
      url: 'photo-uploader-1.2.3-mac-arm64.zip',
      sha512: 'YXJt',
      size: 90,
    });
  });

  it('refuses builds of different versions, and a file that is not a feed', () => {
    expect(() =>
      mergeUpdateInfo([parseUpdateInfo(INTEL), parseUpdateInfo(ARM.replace(/1\.2\.3/g, '1.2.4'))]),
    ).toThrow(/versions 1.2.3 and 1.2.4/);
    expect(() => parseUpdateInfo('just: text')).toThrow();
    expect(() => mergeUpdateInfo([])).toThrow(/no latest-mac.yml/);
  });
});
