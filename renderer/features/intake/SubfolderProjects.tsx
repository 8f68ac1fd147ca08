import { ProjectPicker } from '../batch/ProjectPicker';
import type { SubfolderChoice } from './subfolder-choices';

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
  if (subfolders.length === 0) return null;
  return (
    <fieldset className="subfolder-projects">
      <legend>Subfolders</legend>
      <label className="inline">
        <input
          type="checkbox"
          checked={perSubfolder}
          onChange={(event) => onPerSubfolderChange(event.target.checked)}
        />{' '}
        Each subfolder to its own project
      </label>
      {perSubfolder ? (
        <p className="muted">
          Photos directly in the dropped folder go to the batch’s project above.
        </p>
      ) : null}
      {perSubfolder ? (
        <ul aria-label="Project of each subfolder">
          {subfolders.map((subfolder) => (
            <li key={subfolder} aria-label={`Folder ${subfolder}`}>
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
  const name = <strong>{subfolder}</strong>;
  const change = (
    <button
      type="button"
      aria-label={`Change project of ${subfolder}`}
      onClick={() => onChoose({ kind: 'changing' })}
    >
      Change
    </button>
  );
  const leaveOut = (
    <button
      type="button"
      aria-label={`Leave ${subfolder} out`}
      onClick={() => onChoose({ kind: 'left-out' })}
    >
      Leave out
    </button>
  );
  switch (choice.kind) {
    case 'searching':
      return <p>{name}: looking for a project named like it…</p>;
    case 'suggested':
      if (choice.project.archived === true)
        // Never matched silently: the user uploads to an archived project only by saying so.
        return (
          <p>
            {name}: the project named like it, <strong>{choice.project.name}</strong>, is archived.{' '}
            <button
              type="button"
              aria-label={`Upload to the archived project ${choice.project.name} for ${subfolder}`}
              onClick={() => onChoose({ kind: 'chosen', project: choice.project })}
            >
              Upload to it anyway
            </button>{' '}
            {change} {leaveOut}
          </p>
        );
      return (
        <p>
          {name}: suggested project <strong>{choice.project.name}</strong>{' '}
          <button
            type="button"
            className="primary"
            aria-label={`Confirm ${choice.project.name} for ${subfolder}`}
            onClick={() => onChoose({ kind: 'chosen', project: choice.project })}
          >
            Confirm
          </button>{' '}
          {change} {leaveOut}
        </p>
      );
    case 'none':
      return (
        <p>
          {name}: {choice.reason} {change} {leaveOut}
        </p>
      );
    case 'changing':
      return (
        <div>
          <p>{name}: choose its project</p>
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
          {name} → <strong>{choice.project.name}</strong> {change} {leaveOut}
        </p>
      );
    case 'left-out':
      return (
        <p>
          {name}: left out of the upload{' '}
          <button type="button" onClick={() => onChoose({ kind: 'changing' })}>
            Choose a project for {subfolder}
          </button>
        </p>
      );
  }
}
