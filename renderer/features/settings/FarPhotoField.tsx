import { DEFAULT_FAR_METERS } from '../../../shared/domain/project-distance';
import { FAR_METERS_RANGE_TEXT } from './far-threshold';
import { useManaged } from './managed-context';
import { ManagedNote } from './ManagedNote';

/**
 * The Settings form's far-photo threshold (issue 14 §2): metres past which a photo is flagged as
 * far from its project, with the reason a typed value was refused right under it.
 */
export function FarPhotoField({
  savedMeters,
  problem,
}: {
  readonly savedMeters: number;
  /** Why the value typed was not saved; undefined when there is nothing wrong. */
  readonly problem: string | undefined;
}) {
  const managed = useManaged('farMeters');
  // A text field checked on Save: a number field's own range check would block the form with
  // a browser bubble instead of saying, next to the field, what to write.
  return (
    <>
      <label>
        Far-photo distance (metres)
        <input
          name="farMeters"
          inputMode="numeric"
          defaultValue={String(savedMeters)}
          aria-invalid={problem !== undefined}
          readOnly={managed.managed}
          aria-describedby={
            problem === undefined
              ? managed.describedBy('far-meters-help')
              : managed.describedBy('far-meters-problem', 'far-meters-help')
          }
        />
      </label>
      <ManagedNote field="farMeters" />
      {problem === undefined ? null : (
        <p id="far-meters-problem" role="alert">
          {problem}
        </p>
      )}
      <p id="far-meters-help" className="muted">
        A photo taken farther than this from the chosen project is flagged before upload, with the
        nearest project suggested ({FAR_METERS_RANGE_TEXT}; {DEFAULT_FAR_METERS} m by default).
      </p>
    </>
  );
}
