import { useState } from 'react';
import type { IntakeItemView } from '../../../shared/ipc/views';
import { withoutOwnTag } from './PhotoOwnTags';
import { SelectedTags, withOwnTags } from './SelectedTags';
import { useT } from '../../i18n/use-t';
import { TagChips } from './TagChips';
import { SPACE } from '../../i18n/inline-space';

/** The tags of the batch being prepared: its own, from folder names, and per photo. */
export function useBatchTags() {
  const [tags, setTags] = useState<readonly string[]>([]);
  const [fromFolders, setFromFolders] = useState(false);
  const [own, setOwn] = useState<ReadonlyMap<number, readonly string[]>>(new Map());
  const [tagging, setTagging] = useState(false);
  return {
    tags,
    setTags,
    fromFolders,
    setFromFolders,
    own,
    setOwn,
    tagging,
    setTagging,
    /** The tag fields of `queue:add-photos` for `photos`. */
    input: (photos: readonly IntakeItemView[]) => ({
      tags: [...tags],
      tagsFromFolders: fromFolders,
      photoTags: photos
        .filter((item) => own.has(item.intakeId))
        .map((item) => ({ intakeId: item.intakeId, tags: [...(own.get(item.intakeId) ?? [])] })),
    }),
    /** Removes `tag` from the own tags of photo `intakeId` (its row's remove button). */
    removeOwnTag: (intakeId: number, tag: string) =>
      setOwn((current) => withoutOwnTag(current, intakeId, tag)),
    /** After queuing: the photos' own tags go with them; the batch's stay for the next drop. */
    queued: () => setOwn(new Map()),
  };
}

/** The state `useBatchTags` returns. */
export type BatchTagsState = ReturnType<typeof useBatchTags>;

/** Batch details: the batch's tag chips and "Tags from folder names". */
export function BatchTagFields({ state }: { readonly state: BatchTagsState }) {
  const t = useT();
  return (
    <>
      <TagChips label={t('tags.batch.label')} tags={state.tags} onChange={state.setTags} />
      <label className="inline">
        <input
          type="checkbox"
          checked={state.fromFolders}
          onChange={(event) => state.setFromFolders(event.target.checked)}
        />
        {SPACE}
        {t('tags.fromFolders')}
      </label>
    </>
  );
}

/** Over the review list: tags for the selected photos, and how many photos have their own. */
export function OwnTagsPanel({
  state,
  selected,
}: {
  readonly state: BatchTagsState;
  readonly selected: ReadonlySet<number>;
}) {
  const t = useT();
  const count = state.own.size;
  return (
    <>
      {state.tagging ? (
        <SelectedTags
          selectedCount={selected.size}
          onAdd={(added) => state.setOwn(withOwnTags(state.own, selected, added))}
          onClose={() => state.setTagging(false)}
        />
      ) : null}
      {count > 0 ? (
        <p className="muted" role="status">
          {t('tags.own.count', { count })}
          {SPACE}
          <button type="button" onClick={() => state.setOwn(new Map())}>
            {t('tags.own.clear')}
          </button>
        </p>
      ) : null}
    </>
  );
}
