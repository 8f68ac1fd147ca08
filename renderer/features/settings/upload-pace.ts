import { formatByteRate, parseByteRate } from '../../../shared/domain/byte-rate';
import { parseUploadSchedule } from '../../../shared/domain/upload-hours';
import type { Words } from '../../../shared/i18n/translator';

/** How a cap and upload hours are written (input syntax, the same in every language). */
export const PACE_EXAMPLES = {
  rate: '2MB/s',
  hours: 'Mon-Fri 18:00-07:00',
} as const;

/** The pace settings a Save sends: null lifts the cap or the hours. */
export type UploadPaceChange = {
  readonly maxUploadBytesPerSecond: number | null;
  readonly uploadHours: string | null;
};

/**
 * The bandwidth cap and upload hours from the Settings form's two fields (empty: none), or a
 * words saying which field is wrong.
 */
export function uploadPaceFrom(
  rateText: string,
  hoursText: string,
): { ok: true; change: UploadPaceChange } | { ok: false; message: Words } {
  const rate = rateText.trim() === '' ? null : parseByteRate(rateText);
  if (rate === undefined)
    return {
      ok: false,
      message: {
        key: 'settings.uploading.pace.badRate',
        values: { text: rateText, small: '500KB/s', medium: PACE_EXAMPLES.rate, large: '1.5MiB/s' },
      },
    };
  const hours = hoursText.trim() === '' ? null : parseUploadSchedule(hoursText);
  if (hours === undefined)
    return {
      ok: false,
      message: {
        key: 'settings.uploading.pace.badHours',
        values: { text: hoursText, example: PACE_EXAMPLES.hours },
      },
    };
  return { ok: true, change: { maxUploadBytesPerSecond: rate, uploadHours: hours?.text ?? null } };
}

/** The saved cap as the form shows it (empty: no cap). */
export function uploadRateText(bytesPerSecond: number | null): string {
  return bytesPerSecond === null ? '' : formatByteRate(bytesPerSecond).replace(' ', '');
}
