import { formatByteRate, parseByteRate } from '../../../shared/domain/byte-rate';
import { parseUploadSchedule } from '../../../shared/domain/upload-hours';

/** The pace settings a Save sends: null lifts the cap or the hours. */
export type UploadPaceChange = {
  readonly maxUploadBytesPerSecond: number | null;
  readonly uploadHours: string | null;
};

/**
 * The bandwidth cap and upload hours from the Settings form's two fields (empty: none), or a
 * sentence saying which field is wrong.
 */
export function uploadPaceFrom(
  rateText: string,
  hoursText: string,
): { ok: true; change: UploadPaceChange } | { ok: false; message: string } {
  const rate = rateText.trim() === '' ? null : parseByteRate(rateText);
  if (rate === undefined)
    return {
      ok: false,
      message: `"${rateText}" is not an upload rate: write it like 500KB/s, 2MB/s or 1.5MiB/s.`,
    };
  const hours = hoursText.trim() === '' ? null : parseUploadSchedule(hoursText);
  if (hours === undefined)
    return {
      ok: false,
      message: `"${hoursText}" is not a schedule: write days and hours like Mon-Fri 18:00-07:00.`,
    };
  return { ok: true, change: { maxUploadBytesPerSecond: rate, uploadHours: hours?.text ?? null } };
}

/** The saved cap as the form shows it (empty: no cap). */
export function uploadRateText(bytesPerSecond: number | null): string {
  return bytesPerSecond === null ? '' : formatByteRate(bytesPerSecond).replace(' ', '');
}
