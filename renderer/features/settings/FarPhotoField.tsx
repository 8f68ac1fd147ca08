import { DEFAULT_FAR_METERS } from '../../../shared/domain/project-distance';
import type { Words } from '../../../shared/i18n/translator';
import { useT, useWords } from '../../i18n/use-t';
import { FAR_METERS_RANGE_VALUES } from './far-threshold';
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
  readonly problem: Words | undefined;
}) {
  const t = useT();
  const words = useWords();
  const managed = useManaged('farMeters');
  // A text field checked on Save: a number field's own range check would block the form with
  // a browser bubble instead of saying, next to the field, what to write.
  return (
    <>
      <label>
        {t('settings.uploading.far.label')}
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
          {words(problem)}
        </p>
      )}
      <p id="far-meters-help" className="muted">
        {t('settings.uploading.far.help', {
          ...FAR_METERS_RANGE_VALUES,
          default: DEFAULT_FAR_METERS,
        })}
      </p>
    </>
  );
}
