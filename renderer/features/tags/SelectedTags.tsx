import { useState } from 'react';
import { normalizeTags } from '../../../shared/domain/tags';
import { useT } from '../../i18n/use-t';
import { TagChips } from './TagChips';
import { SPACE } from '../../i18n/inline-space';

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
  const t = useT();
  const [draft, setDraft] = useState<readonly string[]>([]);
  return (
    <div className="selected-tags" role="group" aria-label={t('tags.selected.label')}>
      <TagChips
        label={t('tags.selected.field', { count: selectedCount })}
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
        {t('tags.selected.add')}
      </button>
      {SPACE}
      <button type="button" onClick={onClose}>
        {t('tags.selected.cancel')}
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
