import { useIntl } from 'react-intl';
import { formatDistance } from '../../../shared/domain/project-distance';
import { useT } from '../../i18n/use-t';
import { distanceWords } from './capture-words';
import type { FarFlag } from './use-far-photos';
import { plural } from '../../../shared/domain/plural';

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
      />{' '}
      {label}
    </label>
  );
  return (
    <fieldset className="far-photos">
      <legend>
        {plural(far.size, { one: '# photo was', other: '# photos were' })} taken far from{' '}
        {projectName}
      </legend>
      {suggested.length > 0 ? (
        <p className="muted">
          Nearest {plural(suggested.length, { one: 'project', other: 'projects' })}:{' '}
          {suggested.join(', ')}
        </p>
      ) : null}
      {option('upload', 'Upload them anyway')}
      {option('leave-out', 'Leave them out')}
      {option(
        'move',
        suggested.length > 0
          ? `Move them to ${suggested.join(', ')}`
          : 'Move them to the nearest project (none found)',
        suggested.length === 0,
      )}
    </fieldset>
  );
}

/** Why a far photo was left out, for the report. */
export function leftOutReason(flag: FarFlag, projectName: string): string {
  const nearer = flag.nearest
    ? ` The nearest project is ${flag.nearest.name}, ${formatDistance(flag.nearest.meters)} away.`
    : '';
  return `Taken ${formatDistance(flag.meters)} from ${projectName}.${nearer}`;
}
