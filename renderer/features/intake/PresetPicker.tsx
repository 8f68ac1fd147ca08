import { useEffect, useId, useState } from 'react';
import type { Preset, WithManaged } from '../../../shared/domain/presets';
import { entryNamed } from '../../../shared/domain/presets';
import type { ProjectView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { useErrorWords } from '../../i18n/use-error-words';
import { useT } from '../../i18n/use-t';
import { batchAfterUpload, presetFromFields, withSavedPreset } from '../presets/preset-draft';
import { SaveEntry, type SaveEntryWords } from '../presets/SaveEntry';
import type { BatchDraft } from './BatchDetails';

const PRESET_WORDS: SaveEntryWords = {
  saveAs: 'intake.preset.saveAs',
  name: 'intake.preset.name',
  save: 'intake.preset.save',
  cancel: 'intake.preset.cancel',
  nameNeeded: 'intake.preset.nameNeeded',
  officeName: 'intake.preset.officeName',
  saved: 'intake.preset.saved',
};

/** The batch's fields a preset fills in, beside the details' draft. */
type PresetTargets = {
  readonly draft: BatchDraft;
  readonly tags: readonly string[];
  readonly setTags: (tags: readonly string[]) => void;
};

/**
 * The batch's preset (issue 26 §1): choosing one fills in its project, tags, description and
 * internal where the user sees and can still change them, and the batch then names it, so that
 * its after-upload action applies. "Save as preset…" keeps the batch's fields under a name.
 */
export function PresetPicker({ draft, tags, setTags }: PresetTargets) {
  const bridge = useBridge();
  const t = useT();
  const sayError = useErrorWords();
  const selectId = useId();
  const [presets, setPresets] = useState<readonly WithManaged<Preset>[]>([]);
  const [message, setMessage] = useState<string>();

  useEffect(() => {
    // No settings (a first run, a failing call): no presets offered, the batch as before.
    call(bridge, 'settings:get', {})
      .then((settings) => setPresets(settings.presets))
      .catch(() => setPresets([]));
  }, [bridge]);

  const apply = (name: string) => {
    setMessage(undefined);
    const preset = entryNamed(presets, name);
    draft.setPreset(preset);
    if (preset === undefined) return;
    if (preset.tags !== undefined) setTags(preset.tags);
    if (preset.descriptionTemplate !== undefined) draft.setDescription(preset.descriptionTemplate);
    if (preset.internal !== undefined) draft.setInternal(preset.internal);
    const projectId = preset.projectId;
    if (projectId !== undefined)
      projectById(bridge, projectId)
        .then((project) => {
          if (project === undefined)
            setMessage(t('intake.preset.projectUnknown', { id: projectId }));
          else draft.setProject(project);
        })
        .catch((error: unknown) => setMessage(sayError(error)));
  };

  const after = draft.preset?.afterUpload;
  return (
    <div className="details-part preset-part">
      {presets.length > 0 ? (
        <>
          <label htmlFor={selectId}>{t('intake.preset.label')}</label>
          <select
            id={selectId}
            value={draft.preset?.name ?? ''}
            onChange={(event) => apply(event.target.value)}
          >
            <option value="">{t('intake.preset.none')}</option>
            {presets.map((preset) => (
              <option key={preset.name} value={preset.name}>
                {preset.managed ? t('intake.preset.office', { name: preset.name }) : preset.name}
              </option>
            ))}
          </select>
        </>
      ) : null}
      {after?.kind === 'move' ? (
        <p className="muted">{t('intake.preset.afterMove', { folder: after.folder })}</p>
      ) : after?.kind === 'trash' ? (
        <p className="muted">{t('intake.preset.afterTrash')}</p>
      ) : null}
      {message ? <p role="status">{message}</p> : null}
      <SaveEntry
        entries={presets}
        words={PRESET_WORDS}
        save={(name) =>
          call(bridge, 'settings:set', {
            presets: withSavedPreset(
              presets,
              presetFromFields(name, {
                projectId: draft.project?.id,
                tags,
                description: draft.description,
                internal: draft.internal,
                afterUpload: batchAfterUpload(draft.afterUpload, draft.preset),
              }),
            ),
          }).then((settings) => settings.presets)
        }
        onSaved={setPresets}
      />
    </div>
  );
}

/** The project `id` among those the service lists (the recent ones first), or undefined. */
async function projectById(
  bridge: ReturnType<typeof useBridge>,
  id: string,
): Promise<ProjectView | undefined> {
  const recent = await call(bridge, 'projects:recent', {}).catch(() => []);
  const known = recent.find((project) => project.id === id);
  if (known !== undefined) return known;
  const { projects } = await call(bridge, 'projects:list-all', { query: '' });
  const listed = projects.find((project) => project.id === id);
  return listed === undefined
    ? undefined
    : { id: listed.id, name: listed.name, address: listed.address, photoCount: listed.photoCount };
}
