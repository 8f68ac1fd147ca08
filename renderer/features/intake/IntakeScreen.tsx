import { LEAVE, type AfterUpload } from '../../../shared/domain/after-upload';
import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import { useIntl } from 'react-intl';
import { templateProblemWords } from '../../../shared/domain/description-template';
import type { Preset } from '../../../shared/domain/presets';
import type { ProjectView } from '../../../shared/ipc/views';
import { call, type IntakeState, useBridge } from '../../bridge/hooks';
import { useT } from '../../i18n/use-t';
import { MapPanel } from '../map/MapPanel';
import { OwnTagsPanel, useBatchTags } from '../tags/BatchTags';
import { BatchDetails } from './BatchDetails';
import { ClockSuggestions } from './ClockSuggestions';
import { DropArea } from './DropArea';
import { OwnDescriptionPanel } from './OwnDescriptionPanel';
import { queueBatch } from './queue-batch';
import { batchDescriptionInput } from '../presets/preset-draft';
import { ReviewPhotos, useReviewLayout } from './ReviewPhotos';
import { checkPhoto, EMPTY_SELECTION, type ReviewSelection, selectAll } from './review-selection';
import { ReviewToolbar } from './ReviewToolbar';
import { subfolderProjectsInput, undecided, useSubfolderChoices } from './subfolder-choices';
import { useUploadPlan } from './use-upload-plan';
import './intake.css';
import { useErrorWords } from '../../i18n/use-error-words';

/** Choose or drop photos, review what intake found, and queue them with the batch's details. */
export function IntakeScreen({
  intake,
  assumedZone,
  onZoneChange,
  onQueued,
}: {
  readonly intake: IntakeState;
  readonly assumedZone: string;
  readonly onZoneChange: (zone: string) => void;
  readonly onQueued: (message: string) => void;
}) {
  const bridge = useBridge();
  const t = useT();
  const intl = useIntl();
  const sayError = useErrorWords();
  const [project, setProject] = useState<ProjectView>();
  const [description, setDescription] = useState('');
  const [internal, setInternal] = useState(false);
  const [afterUpload, setAfterUpload] = useState<AfterUpload>(LEAVE);
  const [preset, setPreset] = useState<Preset>();
  // One selection for the grid, the list and the map (review-selection.ts).
  const [selection, setSelection] = useState<ReviewSelection>(EMPTY_SELECTION);
  const selected = selection.selected;
  const setSelected = (next: ReadonlySet<number>) => setSelection({ ...selection, selected: next });
  const [overrides, setOverrides] = useState<ReadonlyMap<number, string>>(new Map());
  const [ownDraft, setOwnDraft] = useState<string>();
  const [message, setMessage] = useState<string>();
  const batchTags = useBatchTags();
  const [perSubfolder, setPerSubfolder] = useState(true);
  const layout = useReviewLayout();

  // Kept as results arrive (intake-summary.ts): no pass over every result per applied batch.
  const { uploadable, ids, subfolders, assumedCount } = intake.summary;
  const subfolderChoices = useSubfolderChoices(subfolders);
  const bySubfolder = perSubfolder && subfolders.length > 0;
  const plan = useUploadPlan({
    uploadable,
    projectId: project?.id,
    intakeDone: intake.progress?.done ?? false,
    bySubfolder,
    anyPosition: intake.summary.anyPosition,
  });

  const choose = (kind: 'files' | 'folder') => {
    setMessage(undefined);
    // Main shows the dialog and takes in what is chosen; results arrive as intake events.
    call(bridge, 'intake:choose', { kind, assumedZone }).catch((error: unknown) =>
      setMessage(sayError(error)),
    );
  };
  const chooseMoveFolder = () => {
    // Main shows the folder dialog and grants what is chosen: the window never names a folder.
    call(bridge, 'queue:choose-move-folder', {})
      .then(({ folder }) => {
        if (folder !== null) setAfterUpload({ kind: 'move', folder });
      })
      .catch((error: unknown) => setMessage(sayError(error)));
  };
  const changeZone = (zone: string) => {
    onZoneChange(zone);
    // Photos whose zone was assumed are read again under the new one; the others keep theirs.
    const assumed = intake.items.filter(
      (item) => item.status === 'photo' && item.capture.rule === 'assumed',
    );
    if (assumed.length === 0) return;
    intake.remove(new Set(assumed.map((item) => item.intakeId)));
    intake
      .add(
        assumed.map((item) => item.path),
        zone,
      )
      .catch((error: unknown) => setMessage(sayError(error)));
  };
  const saveOwnDescription = () => {
    if (ownDraft === undefined) return;
    const next = new Map(overrides);
    for (const id of selected) next.set(id, ownDraft);
    setOverrides(next);
    setOwnDraft(undefined);
  };

  const submit = () => {
    const waiting = bySubfolder ? undecided(subfolders, subfolderChoices.choices) : [];
    if (waiting.length > 0) {
      setMessage(
        t('intake.upload.undecided', {
          folders: intl.formatList(waiting, { type: 'conjunction' }),
          count: waiting.length,
        }),
      );
      return;
    }
    const loose = !bySubfolder || uploadable.some((item) => item.folders.length === 0);
    if (project === undefined && loose) {
      setMessage(t('intake.upload.chooseProject'));
      return;
    }
    // An unknown token is said before anything is queued (the core would refuse it too).
    const problem = templateProblemWords(description);
    if (problem !== undefined) {
      setMessage(t(problem.key, problem.values));
      return;
    }
    setMessage(undefined);
    const projectName = project?.name ?? '';
    queueBatch(bridge, {
      uploadable,
      toUpload: plan.toUpload,
      far: plan.far,
      farChoice: plan.farChoice,
      serviceCopies: plan.service.copies,
      projectId: project?.id,
      projectName,
      ...batchDescriptionInput(preset, description),
      internal,
      afterUpload,
      allowDuplicates: plan.allowDuplicates,
      overrides,
      tagsFor: batchTags.input,
      subfolderProjects: bySubfolder
        ? subfolderProjectsInput(subfolders, subfolderChoices.choices)
        : undefined,
    })
      .then((queued) => {
        intake.clear();
        setSelection(EMPTY_SELECTION);
        setOverrides(new Map());
        batchTags.queued();
        subfolderChoices.reset();
        plan.setFarChoice('upload');
        onQueued(
          t('intake.upload.queued', {
            count: queued.added,
            target: bySubfolder ? 'folders' : 'project',
            project: projectName,
            alreadyQueued: queued.alreadyQueued,
            leftOut: queued.leftOut,
            moved: queued.moved,
          }),
        );
      })
      .catch((error: unknown) => setMessage(sayError(error)));
  };

  const progress = intake.progress;
  const hasItems = intake.items.length > 0;
  return (
    <div className="intake-screen">
      <section aria-labelledby="review-heading" className="review">
        <h2 id="review-heading">{t('intake.heading')}</h2>
        <DropArea compact={hasItems} onChoose={choose} />
        {progress ? (
          <p role="status" className="intake-progress">
            {t(progress.done ? 'intake.progress.done' : 'intake.progress.reading', {
              photos: progress.photos,
              skipped: progress.skipped,
              errors: progress.errors,
            })}
          </p>
        ) : null}
        {hasItems ? (
          <>
            <ClockSuggestions items={intake.items} />
            <ReviewToolbar
              total={intake.items.length}
              selectedCount={selected.size}
              onSelectAll={(all) =>
                setSelection(
                  all ? selectAll(selection, ids) : { ...selection, selected: new Set() },
                )
              }
              onRemoveSelected={() => {
                intake.remove(selected);
                setSelected(new Set());
              }}
              onOwnDescription={() =>
                setOwnDraft(overrides.get([...selected][0] ?? -1) ?? description)
              }
              onTagsForSelected={() => batchTags.setTagging(true)}
              zone={assumedZone}
              assumedCount={assumedCount}
              onZoneChange={changeZone}
              layout={layout}
            />
            {ownDraft !== undefined ? (
              <OwnDescriptionPanel
                selectedCount={selected.size}
                draft={ownDraft}
                onDraft={setOwnDraft}
                onUse={saveOwnDescription}
                onCancel={() => setOwnDraft(undefined)}
              />
            ) : null}
            <OwnTagsPanel state={batchTags} selected={selected} />
            {layout.showMap ? (
              <MapPanel
                items={intake.items}
                far={plan.far}
                projectId={project?.id}
                selectedIds={selected}
                onSelect={(intakeId, { extend }) =>
                  setSelection(checkPhoto(selection, ids, intakeId, extend))
                }
              />
            ) : null}
            <ReviewPhotos
              layout={layout.layout}
              items={intake.items}
              ids={ids}
              selection={selection}
              onSelection={setSelection}
              overrides={overrides}
              ownTags={batchTags.own}
              serviceCopies={plan.service.copies}
              far={plan.far}
              thumbnailUrl={(md5) => bridge.thumbnailUrl(md5)}
              onRemoveOwnTag={batchTags.removeOwnTag}
              onLeaveOut={(intakeId) => {
                intake.remove(new Set([intakeId]));
                const next = new Set(selected);
                next.delete(intakeId);
                setSelected(next);
              }}
            />
          </>
        ) : (
          <div className="review-empty">
            <ImageOff aria-hidden="true" className="empty-icon" />
            <p className="muted">{t('intake.empty')}</p>
          </div>
        )}
      </section>
      <BatchDetails
        draft={{
          project,
          setProject,
          description,
          setDescription,
          internal,
          setInternal,
          afterUpload,
          setAfterUpload,
          chooseMoveFolder,
          preset,
          setPreset,
        }}
        tags={batchTags}
        plan={plan}
        subfolders={{
          names: subfolders,
          choices: subfolderChoices.choices,
          onChoose: (subfolder, choice) => {
            setMessage(undefined);
            subfolderChoices.choose(subfolder, choice);
          },
          perSubfolder,
          onPerSubfolderChange: setPerSubfolder,
        }}
        bySubfolder={bySubfolder}
        message={message}
        onSubmit={submit}
      />
    </div>
  );
}
