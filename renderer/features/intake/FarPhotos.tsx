import { useIntl } from 'react-intl';
import { farWords } from '../../../shared/i18n/reason-words';
import type { Words } from '../../../shared/i18n/translator';
import { useT } from '../../i18n/use-t';
import { distanceWords } from './capture-words';
import type { FarFlag } from './use-far-photos';
import { SPACE } from '../../i18n/inline-space';

/** What to do with the photos taken far from the chosen project. */
export type FarChoice = 'upload' | 'leave-out' | 'move';

/** The badge a far photo's row carries: its distance to the chosen project. */
export function FarBadge({ flag }: { readonly flag: FarFlag }) {
  const t = useT();
  const distance = distanceWords(useIntl(), flag.meters);
  return (
    <span className="badge warn far-flag">
      {flag.nearest
        ? t('intake.badge.farNearest', { distance, nearest: flag.nearest.name })
        : t('intake.badge.far', { distance })}
    </span>
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
          {t('intake.far.nearest', { count: suggested.length, names: suggested.join(', ') })}
        </p>
      ) : null}
      {option('upload', t('intake.far.upload'))}
      {option('leave-out', t('intake.far.leaveOut'))}
      {option(
        'move',
        suggested.length > 0
          ? t('intake.far.move', { names: suggested.join(', ') })
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
