import { describe, expect, it } from 'vitest';
import { uploadPaceFrom, uploadRateText } from '../../../renderer/features/settings/upload-pace';
import { createTranslator } from '../../../shared/i18n/translator';

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

  it('say which field is wrong, in words of the window’s language', () => {
    expect(uploadPaceFrom('fast', '')).toMatchObject({
      ok: false,
      message: { key: 'settings.uploading.pace.badRate', values: { text: 'fast' } },
    });
    expect(uploadPaceFrom('', 'evenings')).toMatchObject({
      ok: false,
      message: { key: 'settings.uploading.pace.badHours', values: { text: 'evenings' } },
    });
    const failed = uploadPaceFrom('fast', '');
    const { t } = createTranslator('en');
    if (!failed.ok)
      expect(t(failed.message.key, failed.message.values)).toBe(
        '"fast" is not an upload rate: write it like 500KB/s, 2MB/s or 1.5MiB/s.',
      );
  });

  it('show the saved cap so that saving again keeps it', () => {
    expect(uploadRateText(null)).toBe('');
    const shown = uploadRateText(1_500_000);
    expect(uploadPaceFrom(shown, '')).toMatchObject({
      change: { maxUploadBytesPerSecond: 1_500_000 },
    });
  });
});
