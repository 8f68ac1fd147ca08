import {
  Clock,
  CloudCheck,
  Copy,
  CopyX,
  Earth,
  FileClock,
  FilePen,
  MapPin,
  MapPinOff,
  Timer,
} from 'lucide-react';
import { useIntl } from 'react-intl';
import { formatClockOffset } from '../../../shared/domain/clock-offset-words';
import type { CaptureRule } from '../../../shared/domain/intake';
import type { IntakeItemView, ServiceCopyView } from '../../../shared/ipc/views';
import { useT } from '../../i18n/use-t';
import { Badge, type BadgeTone } from './Badge';
import { gpsWords, RULE_BADGES } from './capture-words';
import { FarBadge } from './FarPhotos';
import type { FarFlag } from './use-far-photos';

/** How each capture-time rule looks: exact readings are quiet, guesses ask for a look. */
const RULE_LOOK: Readonly<Record<CaptureRule, { tone: BadgeTone; icon: typeof Clock }>> = {
  offset: { tone: 'quiet', icon: Clock },
  'gps-time': { tone: 'quiet', icon: Clock },
  'gps-zone': { tone: 'quiet', icon: Clock },
  assumed: { tone: 'info', icon: Earth },
  'file-time': { tone: 'warn', icon: FileClock },
};

/**
 * The badges of one photo in the review, in one order for both views: how its time was read,
 * a clock correction, its position, far from the project, a duplicate, already on the service,
 * its own description. The grid (`compact`) shows only what needs a look, in short words; the
 * list shows every badge, whole (they wrap onto more lines rather than being cut off).
 */
export function PhotoBadges({
  id,
  item,
  serviceCopy,
  farFlag,
  hasOwnDescription,
  compact,
}: {
  readonly id?: string | undefined;
  readonly item: Extract<IntakeItemView, { status: 'photo' }>;
  readonly serviceCopy: ServiceCopyView | undefined;
  readonly farFlag: FarFlag | undefined;
  readonly hasOwnDescription: boolean;
  readonly compact: boolean;
}) {
  const t = useT();
  const intl = useIntl();
  const rule = item.capture.rule;
  const look = RULE_LOOK[rule];
  const showRule = !compact || rule === 'assumed' || rule === 'file-time';
  const inThisBatch = item.duplicateOf?.kind === 'in-this-batch';
  return (
    <span className="intake-badges" id={id}>
      {showRule ? (
        <Badge tone={look.tone} icon={look.icon}>
          {t(RULE_BADGES[rule])}
        </Badge>
      ) : null}
      {item.capture.correction ? (
        <Badge tone="success" icon={Timer} title={t('intake.badge.correctedTitle')}>
          {t('intake.badge.corrected', {
            offset: formatClockOffset(item.capture.correction.offsetSeconds),
          })}
        </Badge>
      ) : null}
      {compact ? null : item.coordinates ? (
        <Badge tone="info" icon={MapPin} title={gpsWords(t, intl, item.coordinates, 6)}>
          {gpsWords(t, intl, item.coordinates, 4)}
        </Badge>
      ) : (
        <Badge tone="quiet" icon={MapPinOff}>
          {t('intake.badge.noGps')}
        </Badge>
      )}
      {farFlag ? <FarBadge flag={farFlag} compact={compact} /> : null}
      {item.duplicateOf ? (
        <Badge tone={inThisBatch ? 'danger' : 'warn'} icon={inThisBatch ? CopyX : Copy}>
          {t(
            compact
              ? inThisBatch
                ? 'intake.badge.duplicateSkipped'
                : 'intake.badge.uploadedBefore'
              : inThisBatch
                ? 'intake.badge.duplicateInDrop'
                : 'intake.badge.alreadyUploaded',
          )}
        </Badge>
      ) : null}
      {serviceCopy ? (
        <Badge
          tone="warn"
          icon={CloudCheck}
          title={t('intake.badge.onServiceTitle', { photoId: serviceCopy.photoId })}
        >
          {compact
            ? t(
                serviceCopy.inChosenProject
                  ? 'intake.badge.onService'
                  : 'intake.badge.onServiceElsewhere',
              )
            : t(
                serviceCopy.inChosenProject
                  ? 'intake.badge.alreadyOnService'
                  : 'intake.badge.alreadyOnServiceElsewhere',
                { photoId: serviceCopy.photoId },
              )}
        </Badge>
      ) : null}
      {hasOwnDescription ? (
        <Badge tone="info" icon={FilePen}>
          {t('intake.badge.ownDescription')}
        </Badge>
      ) : null}
    </span>
  );
}
