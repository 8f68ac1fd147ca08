import { describe, expect, it } from 'vitest';
import { uploadPaceFrom, uploadRateText } from '../../../renderer/features/settings/upload-pace';

describe('the Settings form’s upload pace fields', () => {
  it('read a cap and hours; empty fields lift them', () => {
    expect(uploadPaceFrom('2MB/s', 'Mon-Fri 18:00-7:00')).toEqual({
      ok: true,
      change: { maxUploadBytesPerSecond: 2_000_000, uploadHours: 'Mon-Fri 18:00-07:00' },
    });
    expect(uploadPaceFrom('', ' ')).toEqual({
      ok: true,
      change: { maxUploadBytesPerSecond: null, uploadHours: null },
    });
  });

  it('say which field is wrong, in a sentence', () => {
    expect(uploadPaceFrom('fast', '')).toMatchObject({
      ok: false,
      message: expect.stringContaining('is not an upload rate') as unknown,
    });
    expect(uploadPaceFrom('', 'evenings')).toMatchObject({
      ok: false,
      message: expect.stringContaining('is not a schedule') as unknown,
    });
  });

  it('show the saved cap so that saving again keeps it', () => {
    expect(uploadRateText(null)).toBe('');
    const shown = uploadRateText(1_500_000);
    expect(uploadPaceFrom(shown, '')).toMatchObject({
      change: { maxUploadBytesPerSecond: 1_500_000 },
    });
  });
});
