import { type FormEvent, useMemo, useState } from 'react';
import type { ProjectView } from '../../../shared/ipc/views';
import { call, type IntakeState, useBridge } from '../../bridge/hooks';
import { DescriptionEditor } from '../../components/DescriptionEditor';
import { ProjectPicker } from '../batch/ProjectPicker';
import { BatchTagFields, OwnTagsPanel, useBatchTags } from '../tags/BatchTags';
import { addPhotosInChunks } from './queue-in-chunks';
import { ReviewPhotos } from './ReviewPhotos';
import { checkPhoto, EMPTY_SELECTION, type ReviewSelection, selectAll } from './review-selection';
import { ClockSuggestions } from './ClockSuggestions';
import { useServiceCopies } from './use-service-copies';
import { subfolderProjectsInput, undecided, useSubfolderChoices } from './subfolder-choices';
import { SubfolderProjects } from './SubfolderProjects';
import { type FarChoice, FarPhotos, leftOutReason } from './FarPhotos';
import { farPlan } from './far-plan';
import { useFarPhotos } from './use-far-photos';
import { MapPanel } from '../map/MapPanel';
import { useT } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { SPACE } from '../../i18n/inline-space';

const ZONES = Intl.supportedValuesOf('timeZone');

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
  const sayError = useErrorWords();
  const [project, setProject] = useState<ProjectView>();
  const [description, setDescription] = useState('');
  const [internal, setInternal] = useState(false);
  // One selection for the grid and the list (review-selection.ts).
  const [selection, setSelection] = useState<ReviewSelection>(EMPTY_SELECTION);
  const selected = selection.selected;
  const setSelected = (next: ReadonlySet<number>) => setSelection({ ...selection, selected: next });
  const [overrides, setOverrides] = useState<ReadonlyMap<number, string>>(new Map());
  const [ownDraft, setOwnDraft] = useState<string>();
  const [message, setMessage] = useState<string>();
  const batchTags = useBatchTags();
  const [perSubfolder, setPerSubfolder] = useState(true);
  const [showMap, setShowMap] = useState(false);

  // Kept as results arrive (intake-summary.ts): no pass over every result per applied batch.
  const { uploadable, ids, subfolders, assumedCount } = intake.summary;
  // Photos the chosen project already has are left out unless the user says otherwise.
  const service = useServiceCopies(project?.id, uploadable, intake.progress?.done ?? false);
  const [allowDuplicates, setAllowDuplicates] = useState(false);
  // Memoized: a new list on every render (each keystroke) re-ran the far-photo check over it.
  const onServiceCount = useMemo(
    () =>
      service.copies.size === 0
        ? 0
        : uploadable.filter((item) => service.copies.get(item.intakeId)?.inChosenProject === true)
            .length,
    [uploadable, service.copies],
  );
  const toUpload = useMemo(
    () =>
      allowDuplicates || service.copies.size === 0
        ? uploadable
        : uploadable.filter((item) => service.copies.get(item.intakeId)?.inChosenProject !== true),
    [allowDuplicates, uploadable, service.copies],
  );
  const subfolderChoices = useSubfolderChoices(subfolders);
  const bySubfolder = perSubfolder && subfolders.length > 0;
  // Photos taken far from the one chosen project (per-subfolder batches are not checked).
  const far = useFarPhotos(
    bySubfolder ? undefined : project?.id,
    toUpload,
    intake.summary.anyPosition,
  );
  const [farChoice, setFarChoice] = useState<FarChoice>('upload');

  const choose = (kind: 'files' | 'folder') => {
    setMessage(undefined);
    // Main shows the dialog and takes in what is chosen; results arrive as intake events.
    call(bridge, 'intake:choose', { kind, assumedZone }).catch((error: unknown) =>
      setMessage(sayError(error)),
    );
  };

  const allSelected = intake.items.length > 0 && selected.size === intake.items.length;
  const removeSelected = () => {
    intake.remove(selected);
    setSelected(new Set());
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const waiting = bySubfolder ? undecided(subfolders, subfolderChoices.choices) : [];
    if (waiting.length > 0) {
      setMessage(
        t('intake.upload.undecided', { folders: waiting.join(', '), count: waiting.length }),
      );
      return;
    }
    const loose = !bySubfolder || uploadable.some((item) => item.folders.length === 0);
    if (project === undefined && loose) {
      setMessage(t('intake.upload.chooseProject'));
      return;
    }
    setMessage(undefined);
    const plan = farPlan(toUpload, far, farChoice);
    const batchOf = (
      photos: readonly (typeof toUpload)[number][],
      projectId: string | undefined,
    ) => ({
      intakeIds: photos.map((item) => item.intakeId),
      allowDuplicates,
      ...(projectId === undefined ? {} : { projectId }),
      ...batchTags.input(photos),
      ...(bySubfolder
        ? { subfolderProjects: subfolderProjectsInput(subfolders, subfolderChoices.choices) }
        : {}),
      description,
      internal,
      overrides: photos
        .filter((item) => overrides.has(item.intakeId))
        .map((item) => ({
          intakeId: item.intakeId,
          description: overrides.get(item.intakeId) ?? '',
        })),
    });
    const projectName = project?.name ?? '';
    const leftOut = plan.leftOut.map(({ intakeId, flag }) => ({
      intakeId,
      reason: leftOutReason(flag, projectName),
    }));
    // Photos the project already has are not uploaded, but go with the batch so that the report
    // lists them, with the service's photo (issue 22).
    const onService = allowDuplicates
      ? []
      : uploadable.flatMap((item) => {
          const copy = service.copies.get(item.intakeId);
          return copy?.inChosenProject === true
            ? [{ intakeId: item.intakeId, photoId: copy.photoId }]
            : [];
        });
    // The batch for the chosen project, then each moved group to its nearest project.
    const queueAll = async () => {
      const stay = batchOf(plan.stay, project?.id);
      const queued =
        plan.stay.length + onService.length > 0
          ? await addPhotosInChunks(bridge, {
              ...stay,
              intakeIds: [...stay.intakeIds, ...onService.map((copy) => copy.intakeId)],
              ...(leftOut.length > 0 ? { leftOut } : {}),
              ...(onService.length > 0 ? { onService } : {}),
            })
          : { added: 0, alreadyQueued: 0, addedIntakeIds: [], skipped: [] };
      let moved = 0;
      for (const group of plan.moved)
        moved += (await addPhotosInChunks(bridge, batchOf(group.photos, group.projectId))).added;
      return { ...queued, moved };
    };
    queueAll()
      .then((queued) => {
        intake.clear();
        setSelection(EMPTY_SELECTION);
        setOverrides(new Map());
        batchTags.queued();
        subfolderChoices.reset();
        setFarChoice('upload');
        onQueued(
          t('intake.upload.queued', {
            count: queued.added,
            target: bySubfolder ? 'folders' : 'project',
            project: projectName,
            alreadyQueued: queued.alreadyQueued,
            leftOut: queued.skipped.length,
            moved: queued.moved,
          }),
        );
      })
      .catch((error: unknown) => setMessage(sayError(error)));
  };

  const progress = intake.progress;
  return (
    <div className="intake-screen">
      <section aria-labelledby="review-heading" className="review">
        <h2 id="review-heading">{t('intake.heading')}</h2>
        <div className="drop-zone">
          <p>{t('intake.drop.prompt')}</p>
          <button type="button" onClick={() => choose('folder')}>
            {t('intake.drop.chooseFolder')}
          </button>
          {SPACE}
          <button type="button" onClick={() => choose('files')}>
            {t('intake.drop.chooseFiles')}
          </button>
        </div>
        {progress ? (
          <p role="status" className="intake-progress">
            {t(progress.done ? 'intake.progress.done' : 'intake.progress.reading', {
              photos: progress.photos,
              skipped: progress.skipped,
              errors: progress.errors,
            })}
          </p>
        ) : null}
        {intake.items.length > 0 ? (
          <>
            <div className="toolbar">
              <label className="inline">
                <input
                  type="checkbox"
                  checked={allSelected}
                  onChange={() =>
                    setSelection(
                      allSelected
                        ? { ...selection, selected: new Set() }
                        : selectAll(selection, ids),
                    )
                  }
                />
                {SPACE}
                {t('intake.review.selectAll', { count: selected.size })}
              </label>
              <button type="button" disabled={selected.size === 0} onClick={removeSelected}>
                {t('intake.review.removeSelected')}
              </button>
              <button
                type="button"
                disabled={selected.size === 0}
                onClick={() => setOwnDraft(overrides.get([...selected][0] ?? -1) ?? description)}
              >
                {t('intake.review.ownDescription')}
              </button>
              <button
                type="button"
                disabled={selected.size === 0}
                onClick={() => batchTags.setTagging(true)}
              >
                {t('intake.review.tagsForSelected')}
              </button>
              <label className="inline">
                {t('intake.review.assumedZone', { count: assumedCount })}
                {SPACE}
                <select value={assumedZone} onChange={(event) => changeZone(event.target.value)}>
                  {(ZONES.includes(assumedZone) ? ZONES : [assumedZone, ...ZONES]).map((zone) => (
                    <option key={zone}>{zone}</option>
                  ))}
                </select>
              </label>
            </div>
            {ownDraft !== undefined ? (
              <div
                className="own-description"
                role="group"
                aria-label={t('intake.ownDescription.group')}
              >
                <DescriptionEditor
                  label={t('intake.ownDescription.label', { count: selected.size })}
                  value={ownDraft}
                  onChange={setOwnDraft}
                />
                <button type="button" className="primary" onClick={saveOwnDescription}>
                  {t('intake.ownDescription.use')}
                </button>
                {SPACE}
                <button type="button" onClick={() => setOwnDraft(undefined)}>
                  {t('intake.ownDescription.cancel')}
                </button>
              </div>
            ) : null}
            <OwnTagsPanel state={batchTags} selected={selected} />
            <ClockSuggestions items={intake.items} />
            <button type="button" aria-pressed={showMap} onClick={() => setShowMap(!showMap)}>
              {t('intake.map.toggle')}
            </button>
            {showMap ? (
              <MapPanel
                items={intake.items}
                far={far}
                projectId={project?.id}
                selectedIds={selected}
                onSelect={(intakeId, { extend }) =>
                  setSelection(checkPhoto(selection, ids, intakeId, extend))
                }
              />
            ) : null}
            <ReviewPhotos
              items={intake.items}
              ids={ids}
              selection={selection}
              onSelection={setSelection}
              overrides={overrides}
              ownTags={batchTags.own}
              serviceCopies={service.copies}
              far={far}
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
          <p className="muted review-empty">{t('intake.empty')}</p>
        )}
      </section>
      <form className="batch" onSubmit={submit} aria-labelledby="batch-heading">
        <h2 id="batch-heading">{t('intake.details.heading')}</h2>
        <ProjectPicker project={project} onChange={setProject} />
        <SubfolderProjects
          subfolders={subfolders}
          choices={subfolderChoices.choices}
          onChoose={(subfolder, choice) => {
            setMessage(undefined);
            subfolderChoices.choose(subfolder, choice);
          }}
          perSubfolder={perSubfolder}
          onPerSubfolderChange={setPerSubfolder}
        />
        <FarPhotos
          far={far}
          projectName={project?.name ?? ''}
          choice={farChoice}
          onChoice={setFarChoice}
        />
        <BatchTagFields state={batchTags} />
        <DescriptionEditor
          label={t('intake.details.description')}
          value={description}
          onChange={setDescription}
        />
        <label className="inline">
          <input
            type="checkbox"
            checked={internal}
            onChange={(event) => setInternal(event.target.checked)}
          />
          {SPACE}
          {t('intake.details.internal')}
        </label>
        {onServiceCount > 0 ? (
          <label className="inline">
            <input
              type="checkbox"
              checked={allowDuplicates}
              onChange={(event) => setAllowDuplicates(event.target.checked)}
            />
            {SPACE}
            {t('intake.details.allowDuplicates', { count: onServiceCount })}
          </label>
        ) : null}
        {service.problem ? (
          <p className="muted">
            {t('intake.details.serviceProblem', { problem: service.problem })}
          </p>
        ) : null}
        {message ? <p role="alert">{message}</p> : null}
        <button type="submit" className="primary" disabled={toUpload.length === 0}>
          {t('intake.upload.button', { count: toUpload.length })}
        </button>
      </form>
    </div>
  );
}
