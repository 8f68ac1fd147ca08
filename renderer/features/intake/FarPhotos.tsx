import { MapPinned } from 'lucide-react';
import { useIntl } from 'react-intl';
import { farWords } from '../../../shared/i18n/reason-words';
import type { Words } from '../../../shared/i18n/translator';
import { useT } from '../../i18n/use-t';
import { distanceWords } from './capture-words';
import type { FarFlag } from './use-far-photos';
import { SPACE } from '../../i18n/inline-space';
import { Badge } from './Badge';

/** What to do with the photos taken far from the chosen project. */
export type FarChoice = 'upload' | 'leave-out' | 'move';

/**
 * The badge a far photo carries: its distance to the chosen project, with the nearest project in
 * the list (`compact` in the grid: the distance alone, the rest in its tooltip).
 */
export function FarBadge({
  flag,
  compact = false,
}: {
  readonly flag: FarFlag;
  readonly compact?: boolean;
}) {
  const t = useT();
  const distance = distanceWords(useIntl(), flag.meters);
  const title = flag.nearest
    ? t('intake.badge.farTitleNearest', { distance, nearest: flag.nearest.name })
    : t('intake.badge.farTitle', { distance });
  return (
    <Badge tone="warn" icon={MapPinned} title={title}>
      {compact
        ? t('intake.badge.farShort', { distance })
        : flag.nearest
          ? t('intake.badge.farNearest', { distance, nearest: flag.nearest.name })
          : t('intake.badge.far', { distance })}
    </Badge>
  );
}

/**
 * Says how many photos were taken far from the chosen project, suggests the nearest projects,
 * and lets the user upload them anyway, leave them out, or move them to their nearest project.
 */
export function FarPhotos({
  far,
  projectName,
  choice,
  onChoice,
}: {
  readonly far: ReadonlyMap<number, FarFlag>;
  readonly projectName: string;
  readonly choice: FarChoice;
  readonly onChoice: (choice: FarChoice) => void;
}) {
  const t = useT();
  const intl = useIntl();
  if (far.size === 0) return null;
  const suggested = [
    ...new Set([...far.values()].flatMap((flag) => (flag.nearest ? [flag.nearest.name] : []))),
  ];
  const option = (value: FarChoice, label: string, disabled = false) => (
    <label className="inline">
      <input
        type="radio"
        name="far-photos"
        value={value}
        checked={choice === value}
        disabled={disabled}
        onChange={() => onChoice(value)}
      />
      {SPACE}
      {label}
    </label>
  );
  return (
    <fieldset className="far-photos">
      <legend>{t('intake.far.legend', { count: far.size, project: projectName })}</legend>
      {suggested.length > 0 ? (
        <p className="muted">
          {t('intake.far.nearest', {
            count: suggested.length,
            names: intl.formatList(suggested, { type: 'conjunction' }),
          })}
        </p>
      ) : null}
      {option('upload', t('intake.far.upload'))}
      {option('leave-out', t('intake.far.leaveOut'))}
      {option(
        'move',
        suggested.length > 0
          ? t('intake.far.move', { names: intl.formatList(suggested, { type: 'conjunction' }) })
          : t('intake.far.moveNone'),
        suggested.length === 0,
      )}
    </fieldset>
  );
}

/** Why a far photo was left out, for the report (words: main keeps them in any language). */
export function leftOutReason(flag: FarFlag, projectName: string): Words {
  return farWords({ meters: flag.meters, projectName, nearest: flag.nearest });
}
