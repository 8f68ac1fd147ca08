import { useId, useState } from 'react';
import type { WithManaged } from '../../../shared/domain/presets';
import type { MessageKey } from '../../../shared/i18n/catalogs';
import { useErrorWords } from '../../i18n/use-error-words';
import { useT } from '../../i18n/use-t';
import { saveRefusal } from './preset-draft';

/** The words of one kind of saved entry ("Save as preset…", "Save as template…"). */
export type SaveEntryWords = {
  readonly saveAs: MessageKey;
  readonly name: MessageKey;
  readonly save: MessageKey;
  readonly cancel: MessageKey;
  readonly nameNeeded: MessageKey;
  /** Takes `{name}`: the organisation's entry holds it. */
  readonly officeName: MessageKey;
  /** Takes `{name}`: the entry was saved. */
  readonly saved: MessageKey;
};

/**
 * "Save as …": a name, then the user's own entry saved under it (a preset of the batch's fields,
 * a template of its description). An empty name or one the organisation's entry holds is refused
 * before anything is saved; `save` stores the name's entry and answers the entries in effect.
 */
export function SaveEntry<T extends { readonly name: string }>({
  entries,
  words: said,
  save,
  onSaved,
}: {
  readonly entries: readonly WithManaged<T>[];
  readonly words: SaveEntryWords;
  /** Saves the entry named `name` (trimmed); resolves with the entries then in effect. */
  readonly save: (name: string) => Promise<readonly WithManaged<T>[]>;
  readonly onSaved: (entries: readonly WithManaged<T>[]) => void;
}) {
  const t = useT();
  const sayError = useErrorWords();
  const nameId = useId();
  const [name, setName] = useState<string>();
  const [message, setMessage] = useState<string>();

  const submit = () => {
    if (name === undefined) return;
    const refusal = saveRefusal(name, entries);
    if (refusal !== undefined) {
      setMessage(
        refusal === 'office' ? t(said.officeName, { name: name.trim() }) : t(said.nameNeeded),
      );
      return;
    }
    const trimmed = name.trim();
    save(trimmed)
      .then((saved) => {
        onSaved(saved);
        setName(undefined);
        setMessage(t(said.saved, { name: trimmed }));
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
          {t(said.saveAs)}
        </button>
      ) : (
        <div className="preset-save">
          <label htmlFor={nameId}>{t(said.name)}</label>
          <input
            id={nameId}
            type="text"
            value={name}
            autoFocus
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              // Enter saves the entry here, not the batch's form around it.
              if (event.key === 'Enter') {
                event.preventDefault();
                submit();
              } else if (event.key === 'Escape') setName(undefined);
            }}
          />
          <button type="button" className="primary" onClick={submit}>
            {t(said.save)}
          </button>
          <button type="button" onClick={() => setName(undefined)}>
            {t(said.cancel)}
          </button>
        </div>
      )}
      {message ? <p role="status">{message}</p> : null}
    </>
  );
}
