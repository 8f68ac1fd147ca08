import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageKey } from '../../../shared/i18n/catalogs';
import type { MessageValues } from '../../../shared/i18n/translator';
import { useT } from '../../i18n/use-t';
import { ProjectPicker } from '../batch/ProjectPicker';
import type { SubfolderChoice } from './subfolder-choices';
import { SPACE } from '../../i18n/inline-space';

const ARROW = ' → ';

/**
 * A project per subfolder of the dropped folder: the app's suggestion (from a search of the
 * folder's name), which the user confirms or changes, or the folder left out. Nothing in a
 * subfolder goes to a project the user did not confirm.
 */
export function SubfolderProjects({
  subfolders,
  choices,
  onChoose,
  perSubfolder,
  onPerSubfolderChange,
}: {
  readonly subfolders: readonly string[];
  readonly choices: ReadonlyMap<string, SubfolderChoice>;
  readonly onChoose: (subfolder: string, choice: SubfolderChoice) => void;
  readonly perSubfolder: boolean;
  readonly onPerSubfolderChange: (on: boolean) => void;
}) {
  const t = useT();
  if (subfolders.length === 0) return null;
  return (
    <fieldset className="subfolder-projects">
      <legend>{t('intake.subfolders.legend')}</legend>
      <label className="inline">
        <input
          type="checkbox"
          checked={perSubfolder}
          onChange={(event) => onPerSubfolderChange(event.target.checked)}
        />
        {SPACE}
        {t('intake.subfolders.perSubfolder')}
      </label>
      {perSubfolder ? <p className="muted">{t('intake.subfolders.looseHint')}</p> : null}
      {perSubfolder ? (
        <ul aria-label={t('intake.subfolders.list')}>
          {subfolders.map((subfolder) => (
            <li key={subfolder} aria-label={t('intake.subfolders.folder', { folder: subfolder })}>
              <SubfolderRow
                subfolder={subfolder}
                choice={choices.get(subfolder) ?? { kind: 'searching' }}
                onChoose={(choice) => onChoose(subfolder, choice)}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}

function SubfolderRow({
  subfolder,
  choice,
  onChoose,
}: {
  readonly subfolder: string;
  readonly choice: SubfolderChoice;
  readonly onChoose: (choice: SubfolderChoice) => void;
}) {
  const t = useT();
  const name = <strong>{subfolder}</strong>;
  // A sentence about the folder, its name (and a project's, where it has one) in bold.
  const says = (key: MessageKey, values?: MessageValues) => (
    <FormattedMessage
      id={key}
      values={{
        folder: subfolder,
        ...values,
        b: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
      }}
    />
  );
  const change = (
    <button
      type="button"
      aria-label={t('intake.subfolders.changeProjectOf', { folder: subfolder })}
      onClick={() => onChoose({ kind: 'changing' })}
    >
      {t('intake.subfolders.change')}
    </button>
  );
  const leaveOut = (
    <button
      type="button"
      aria-label={t('intake.subfolders.leaveOutFolder', { folder: subfolder })}
      onClick={() => onChoose({ kind: 'left-out' })}
    >
      {t('intake.subfolders.leaveOut')}
    </button>
  );
  switch (choice.kind) {
    case 'searching':
      return <p>{says('intake.subfolders.searching')}</p>;
    case 'suggested':
      if (choice.project.archived === true)
        // Never matched silently: the user uploads to an archived project only by saying so.
        return (
          <p>
            {says('intake.subfolders.archived', { project: choice.project.name })}
            {SPACE}
            <button
              type="button"
              aria-label={t('intake.subfolders.uploadToArchivedFor', {
                project: choice.project.name,
                folder: subfolder,
              })}
              onClick={() => onChoose({ kind: 'chosen', project: choice.project })}
            >
              {t('intake.subfolders.uploadToArchived')}
            </button>
            {SPACE}
            {change}
            {SPACE}
            {leaveOut}
          </p>
        );
      return (
        <p>
          {says('intake.subfolders.suggested', { project: choice.project.name })}
          {SPACE}
          <button
            type="button"
            className="primary"
            aria-label={t('intake.subfolders.confirmFor', {
              project: choice.project.name,
              folder: subfolder,
            })}
            onClick={() => onChoose({ kind: 'chosen', project: choice.project })}
          >
            {t('intake.subfolders.confirm')}
          </button>
          {SPACE}
          {change}
          {SPACE}
          {leaveOut}
        </p>
      );
    case 'none':
      return (
        <p>
          {says(choice.reason.key, choice.reason.values)}
          {SPACE}
          {change}
          {SPACE}
          {leaveOut}
        </p>
      );
    case 'changing':
      return (
        <div>
          <p>{says('intake.subfolders.choose')}</p>
          <ProjectPicker
            project={undefined}
            onChange={(project) => {
              if (project !== undefined) onChoose({ kind: 'chosen', project });
            }}
          />
          {leaveOut}
        </div>
      );
    case 'chosen':
      return (
        <p>
          {name}
          {ARROW}
          <strong>{choice.project.name}</strong>
          {SPACE}
          {change}
          {SPACE}
          {leaveOut}
        </p>
      );
    case 'left-out':
      return (
        <p>
          {says('intake.subfolders.leftOut')}
          {SPACE}
          <button type="button" onClick={() => onChoose({ kind: 'changing' })}>
            {t('intake.subfolders.chooseFor', { folder: subfolder })}
          </button>
        </p>
      );
  }
}
