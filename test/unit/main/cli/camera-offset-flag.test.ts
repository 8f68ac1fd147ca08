import { describe, expect, it } from 'vitest';
import {
  parseCameraOffsetFlag,
  withCameraOffsetFlags,
} from '../../../../main/cli/camera-offset-flag';
import { UsageError } from '../../../../main/cli/cli-context';
import { noSavedSettings, settingsChange } from '../../../../main/cli/settings-flags';

describe('--camera-offset', () => {
  it('reads make, model, serial and the offset', () => {
    expect(parseCameraOffsetFlag('Canon EOS 5D=+1h03m')).toEqual({
      make: 'Canon',
      model: 'EOS 5D',
      offsetSeconds: 3780,
    });
    expect(parseCameraOffsetFlag('SONY ILCE-7M3 #222=2 min ahead')).toEqual({
      make: 'SONY',
      model: 'ILCE-7M3',
      serial: '222',
      offsetSeconds: -120,
    });
    expect(parseCameraOffsetFlag('NIKON CORPORATION / NIKON D750=-45s')).toEqual({
      make: 'NIKON CORPORATION',
      model: 'NIKON D750',
      offsetSeconds: -45,
    });
  });

  it.each(['Canon EOS 5D', 'Canon=+1h', 'Canon EOS 5D=soon', '=+1h'])(
    'refuses %j with a usage error',
    (text) => {
      expect(() => parseCameraOffsetFlag(text)).toThrow(UsageError);
    },
  );

  it('puts the flags into the saved offsets, and into the settings change', () => {
    const saved = [{ make: 'Canon', model: 'EOS 5D', offsetSeconds: 60 }];
    const flags = [
      { make: 'Canon', model: 'EOS 5D', offsetSeconds: 3780 },
      { make: 'SONY', model: 'ILCE-7M3', offsetSeconds: -5 },
    ];
    expect(withCameraOffsetFlags(saved, flags)).toEqual(flags);
    const base = {
      authUrl: undefined,
      baseUrl: undefined,
      clientId: undefined,
      scope: undefined,
      photoHost: undefined,
      concurrency: undefined,
      caFile: undefined,
    };
    expect(
      settingsChange(
        { ...base, cameraOffsets: flags },
        {},
        { ...noSavedSettings, cameraOffsets: saved },
      ),
    ).toEqual({ cameraOffsets: flags });
    expect(settingsChange({ ...base, cameraOffsets: [] }, {}, noSavedSettings)).toBeUndefined();
  });
});
