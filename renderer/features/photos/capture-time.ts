import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { CAPTURE_PARTS, captureReading } from '../../../shared/domain/capture-reading';
import type { PhotoView } from '../../../shared/ipc/views';
import { useT } from '../../i18n/use-t';

/**
 * When a photo was taken, in its own zone (else the user's, saying so), in the window's language:
 * "Wed, Oct 22, 2008, 04:28 PM (Rome)", "mié, 22 oct 2008, 16:28 (su hora, Madrid)".
 */
export function useCaptureTimeWords(): (photo: Pick<PhotoView, 'capturedAt' | 'zone'>) => string {
  const intl = useIntl();
  const t = useT();
  return useCallback(
    (photo) => {
      const reading = captureReading(
        photo.capturedAt,
        photo.zone,
        intl.timeZone ?? new Intl.DateTimeFormat().resolvedOptions().timeZone,
        // The zone in the window's words ("hora de Europa central"); English names its city.
        intl.locale,
      );
      if (reading.kind === 'none') return t('photos.time.none');
      const time = intl.formatDate(reading.at, { ...CAPTURE_PARTS, timeZone: reading.timeZone });
      // A reading and its zone in brackets: no words to translate, the same in every language.
      return reading.kind === 'photo-zone'
        ? `${time} (${reading.zone})`
        : t('photos.time.yourZone', { time, zone: reading.zone });
    },
    [intl, t],
  );
}
