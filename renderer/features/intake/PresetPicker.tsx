import { useEffect, useId, useState } from 'react';
import type { Preset, WithManaged } from '../../../shared/domain/presets';
import { entryNamed } from '../../../shared/domain/presets';
import type { ProjectView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { useErrorWords } from '../../i18n/use-error-words';
import { useT } from '../../i18n/use-t';
import {
  batchAfterUpload,
  presetFromFields,
  saveRefusal,
  withSavedPreset,
} from '../presets/preset-draft';
import type { BatchDraft } from './BatchDetails';

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
      <SavePreset
        presets={presets}
        fields={{
          projectId: draft.project?.id,
          tags,
          description: draft.description,
          internal: draft.internal,
          afterUpload: batchAfterUpload(draft.afterUpload, draft.preset),
        }}
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

/** "Save as preset…": a name, then the batch's fields saved as the user's own preset. */
function SavePreset({
  presets,
  fields,
  onSaved,
}: {
  readonly presets: readonly WithManaged<Preset>[];
  readonly fields: Parameters<typeof presetFromFields>[1];
  readonly onSaved: (presets: readonly WithManaged<Preset>[]) => void;
}) {
  const bridge = useBridge();
  const t = useT();
  const sayError = useErrorWords();
  const nameId = useId();
  const [name, setName] = useState<string>();
  const [message, setMessage] = useState<string>();

  const save = () => {
    if (name === undefined) return;
    const refusal = saveRefusal(name, presets);
    if (refusal !== undefined) {
      setMessage(
        refusal === 'office'
          ? t('intake.preset.officeName', { name: name.trim() })
          : t('intake.preset.nameNeeded'),
      );
      return;
    }
    const preset = presetFromFields(name, fields);
    call(bridge, 'settings:set', { presets: withSavedPreset(presets, preset) })
      .then((settings) => {
        onSaved(settings.presets);
        setName(undefined);
        setMessage(t('intake.preset.saved', { name: preset.name }));
      })
      .catch((error: unknown) => setMessage(sayError(error)));
  };

  return (
    <>
      {name === undefined ? (
        <button
          type="button"
          onClick={() => {
            setMessage(undefined);
            setName('');
          }}
        >
          {t('intake.preset.saveAs')}
        </button>
      ) : (
        <div className="preset-save">
          <label htmlFor={nameId}>{t('intake.preset.name')}</label>
          <input
            id={nameId}
            type="text"
            value={name}
            autoFocus
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              // Enter saves the preset here, not the batch's form around it.
              if (event.key === 'Enter') {
                event.preventDefault();
                save();
              } else if (event.key === 'Escape') setName(undefined);
            }}
          />
          <button type="button" className="primary" onClick={save}>
            {t('intake.preset.save')}
          </button>
          <button type="button" onClick={() => setName(undefined)}>
            {t('intake.preset.cancel')}
          </button>
        </div>
      )}
      {message ? <p role="status">{message}</p> : null}
    </>
  );
}
