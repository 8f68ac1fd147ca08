import { CloudCheck, Upload } from 'lucide-react';
import type { FormEvent } from 'react';
import type { AfterUpload } from '../../../shared/domain/after-upload';
import type { Preset } from '../../../shared/domain/presets';
import type { ProjectView } from '../../../shared/ipc/views';
import { SPACE } from '../../i18n/inline-space';
import { useT } from '../../i18n/use-t';
import { ProjectPicker } from '../batch/ProjectPicker';
import { BatchTagFields, type BatchTagsState } from '../tags/BatchTags';
import { AfterUploadChoice } from './AfterUploadChoice';
import { BatchDescription } from './BatchDescription';
import { FarPhotos } from './FarPhotos';
import { PresetPicker } from './PresetPicker';
import { type SubfolderChoice, subfolderProjectsInput } from './subfolder-choices';
import { PREVIEWED_PHOTOS } from './use-description-previews';
import { SubfolderProjects } from './SubfolderProjects';
import type { UploadPlan } from './use-upload-plan';

/** The batch's words and choices the details panel edits. */
export type BatchDraft = {
  readonly project: ProjectView | undefined;
  readonly setProject: (project: ProjectView | undefined) => void;
  readonly description: string;
  readonly setDescription: (description: string) => void;
  readonly internal: boolean;
  readonly setInternal: (internal: boolean) => void;
  readonly afterUpload: AfterUpload;
  readonly setAfterUpload: (afterUpload: AfterUpload) => void;
  /** Opens the folder dialog (through main) for a move; sets the move when one is chosen. */
  readonly chooseMoveFolder: () => void;
  /** The preset the batch names (its after-upload action applies), if one was chosen. */
  readonly preset: Preset | undefined;
  readonly setPreset: (preset: Preset | undefined) => void;
};

/**
 * The batch's details, read top to bottom as they are decided: the project (or one per
 * subfolder), tags, description, internal; then what needs a decision before uploading (far
 * photos, photos already on the service) right above the button, which says what it will do.
 */
export function BatchDetails({
  draft,
  tags,
  plan,
  subfolders,
  bySubfolder,
  message,
  onSubmit,
}: {
  readonly draft: BatchDraft;
  readonly tags: BatchTagsState;
  readonly plan: UploadPlan;
  readonly subfolders: {
    readonly names: readonly string[];
    readonly choices: ReadonlyMap<string, SubfolderChoice>;
    readonly onChoose: (subfolder: string, choice: SubfolderChoice) => void;
    readonly perSubfolder: boolean;
    readonly onPerSubfolderChange: (on: boolean) => void;
  };
  readonly bySubfolder: boolean;
  /** What stopped the last upload (a sentence in the window's language). */
  readonly message: string | undefined;
  readonly onSubmit: () => void;
}) {
  const t = useT();
  const count = plan.toUpload.length;
  // The first photos to upload, with the fields their descriptions are rendered with.
  const first = plan.toUpload.slice(0, PREVIEWED_PHOTOS);
  const previewRequest =
    first.length === 0
      ? undefined
      : {
          intakeIds: first.map((item) => item.intakeId),
          ...(draft.project === undefined ? {} : { projectId: draft.project.id }),
          ...(bySubfolder
            ? { subfolderProjects: subfolderProjectsInput(subfolders.names, subfolders.choices) }
            : {}),
          ...tags.input(first),
        };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="batch batch-details" onSubmit={submit} aria-labelledby="batch-heading">
      <h2 id="batch-heading">{t('intake.details.heading')}</h2>
      <PresetPicker draft={draft} tags={tags.tags} setTags={tags.setTags} />
      <div className="details-part">
        <ProjectPicker project={draft.project} onChange={draft.setProject} />
        <SubfolderProjects
          subfolders={subfolders.names}
          choices={subfolders.choices}
          onChoose={subfolders.onChoose}
          perSubfolder={subfolders.perSubfolder}
          onPerSubfolderChange={subfolders.onPerSubfolderChange}
        />
      </div>
      <div className="details-part">
        <BatchTagFields state={tags} />
      </div>
      <div className="details-part">
        <BatchDescription
          description={draft.description}
          setDescription={draft.setDescription}
          preview={previewRequest}
          photoCount={count}
        />
        <label className="inline">
          <input
            type="checkbox"
            checked={draft.internal}
            onChange={(event) => draft.setInternal(event.target.checked)}
          />
          {SPACE}
          {t('intake.details.internal')}
        </label>
      </div>
      <div className="details-part">
        <AfterUploadChoice
          value={draft.afterUpload}
          onChange={draft.setAfterUpload}
          onChooseFolder={draft.chooseMoveFolder}
        />
      </div>
      <FarPhotos
        far={plan.far}
        projectName={draft.project?.name ?? ''}
        choice={plan.farChoice}
        onChoice={plan.setFarChoice}
      />
      {plan.onServiceCount > 0 ? (
        <div className="callout tone-warn">
          <CloudCheck aria-hidden="true" className="callout-icon" />
          <label className="inline">
            <input
              type="checkbox"
              checked={plan.allowDuplicates}
              onChange={(event) => plan.setAllowDuplicates(event.target.checked)}
            />
            {SPACE}
            {t('intake.details.allowDuplicates', { count: plan.onServiceCount })}
          </label>
        </div>
      ) : null}
      {plan.service.problem ? (
        <p className="muted">
          {t('intake.details.serviceProblem', { problem: plan.service.problem })}
        </p>
      ) : null}
      {message ? (
        <p role="alert" className="details-message">
          {message}
        </p>
      ) : null}
      <button type="submit" className="primary upload-button" disabled={count === 0}>
        <Upload aria-hidden="true" className="view-icon" />
        {bySubfolder
          ? t('intake.upload.buttonToFolders', { count })
          : draft.project === undefined
            ? t('intake.upload.button', { count })
            : t('intake.upload.buttonTo', { count, project: draft.project.name })}
      </button>
    </form>
  );
}
