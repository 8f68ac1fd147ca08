import { useState } from 'react';
import { normalizeTags } from '../../../shared/domain/tags';
import { TagChips } from './TagChips';
import { plural } from '../../../shared/domain/plural';

/** Tags for the selected photos only, added to the batch's when they are queued. */
export function SelectedTags({
  selectedCount,
  onAdd,
  onClose,
}: {
  readonly selectedCount: number;
  readonly onAdd: (tags: readonly string[]) => void;
  readonly onClose: () => void;
}) {
  const [draft, setDraft] = useState<readonly string[]>([]);
  return (
    <div className="selected-tags" role="group" aria-label="Tags for selected photos">
      <TagChips
        label={`Tags for the ${plural(selectedCount, { one: '# selected photo', other: '# selected photos' })} (added to the batch's)`}
        tags={draft}
        onChange={setDraft}
      />
      <button
        type="button"
        className="primary"
        disabled={draft.length === 0}
        onClick={() => {
          onAdd(draft);
          onClose();
        }}
      >
        Add tags to selected
      </button>{' '}
      <button type="button" onClick={onClose}>
        Cancel
      </button>
    </div>
  );
}

/** `own` with `tags` added to each of `ids` (normalized, as they will be sent). */
export function withOwnTags(
  own: ReadonlyMap<number, readonly string[]>,
  ids: Iterable<number>,
  tags: readonly string[],
): ReadonlyMap<number, readonly string[]> {
  const next = new Map(own);
  for (const id of ids) next.set(id, normalizeTags(own.get(id) ?? [], tags));
  return next;
}
