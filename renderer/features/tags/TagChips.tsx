import { type KeyboardEvent, useId, useState } from 'react';
import { normalizeTags } from '../../../shared/domain/tags';
import { useT } from '../../i18n/use-t';

/** The remove button's mark (its name, for screen readers, is a message). */
const REMOVE_MARK = '×';

/**
 * Tags as chips: type one and press Enter or a comma to add it; each chip has a remove button,
 * and Backspace in the empty field removes the last one. Tags are normalized as the core will
 * send them (trimmed, no duplicates ignoring case), so what is shown is what is sent.
 */
export function TagChips({
  label,
  tags,
  onChange,
}: {
  readonly label: string;
  readonly tags: readonly string[];
  readonly onChange: (tags: readonly string[]) => void;
}) {
  const t = useT();
  const inputId = useId();
  const [draft, setDraft] = useState('');

  const add = (text: string) => {
    const typed = text.split(',');
    const next = normalizeTags(tags, typed);
    if (next.length !== tags.length) onChange(next);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Backspace' && draft === '' && tags.length > 0) {
      event.preventDefault();
      onChange(tags.slice(0, -1));
    }
  };

  return (
    <div className="tag-chips">
      <label htmlFor={inputId}>{label}</label>
      <ul className="chips" aria-label={label}>
        {tags.map((tag) => (
          <li key={tag} className="chip">
            <span>{tag}</span>
            <button
              type="button"
              aria-label={t('tags.chip.remove', { tag })}
              onClick={() => onChange(tags.filter((other) => other !== tag))}
            >
              {REMOVE_MARK}
            </button>
          </li>
        ))}
      </ul>
      <input
        id={inputId}
        type="text"
        value={draft}
        placeholder={t('tags.chip.placeholder')}
        autoComplete="off"
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (draft.trim() !== '') add(draft);
        }}
      />
    </div>
  );
}
