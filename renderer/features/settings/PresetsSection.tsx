import { useId, useState } from 'react';
import type { Preset, SavedTemplate, WithManaged } from '../../../shared/domain/presets';
import type { SettingsView } from '../../../shared/ipc/views';
import type { MessageKey } from '../../../shared/i18n/catalogs';
import { call, useBridge } from '../../bridge/hooks';
import { useErrorWords } from '../../i18n/use-error-words';
import { useT } from '../../i18n/use-t';
import { type Own, renameRefusal, withoutEntry, withRenamed } from '../presets/preset-draft';

type Named = { readonly name: string };

/**
 * Settings › Presets and templates (issue 26 §1): the presets and saved description templates in
 * effect, the organisation's marked and read-only, the user's own renamed or deleted here (each
 * change saved at once, as the watched folders are). New ones come from the batch panel's
 * "Save as preset…" and the command line.
 */
export function PresetsSection({ settings }: { readonly settings: SettingsView }) {
  const bridge = useBridge();
  const sayError = useErrorWords();
  const [lists, setLists] = useState({
    presets: settings.presets,
    descriptionTemplates: settings.descriptionTemplates,
  });
  const [message, setMessage] = useState<string>();
  const save = (change: {
    readonly presets?: Own<Preset>[];
    readonly descriptionTemplates?: Own<SavedTemplate>[];
  }) =>
    call(bridge, 'settings:set', change).then(
      (saved) => {
        setLists({ presets: saved.presets, descriptionTemplates: saved.descriptionTemplates });
        return true;
      },
      (error: unknown) => {
        setMessage(sayError(error));
        return false;
      },
    );
  return (
    <>
      <NamedEntries
        heading="settings.presets.presetsHeading"
        empty="settings.presets.noPresets"
        entries={lists.presets}
        onChange={(presets) => save({ presets })}
        onSaid={setMessage}
      />
      <NamedEntries
        heading="settings.presets.templatesHeading"
        empty="settings.presets.noTemplates"
        entries={lists.descriptionTemplates}
        onChange={(descriptionTemplates) => save({ descriptionTemplates })}
        onSaid={setMessage}
      />
      {message ? <p role="status">{message}</p> : null}
    </>
  );
}

/** One list: each entry's name, the organisation's marked, the user's own with Rename and Delete. */
function NamedEntries<T extends Named>({
  heading,
  empty,
  entries,
  onChange,
  onSaid,
}: {
  readonly heading: MessageKey;
  readonly empty: MessageKey;
  readonly entries: readonly WithManaged<T>[];
  /** Saves the user's own list; true once saved. */
  readonly onChange: (own: Own<T>[]) => Promise<boolean>;
  readonly onSaid: (message: string | undefined) => void;
}) {
  const t = useT();
  const headingId = useId();
  const [renaming, setRenaming] = useState<string>();
  return (
    <section aria-labelledby={headingId} className="named-entries">
      <h3 id={headingId}>{t(heading)}</h3>
      {entries.length === 0 ? <p className="muted">{t(empty)}</p> : null}
      <ul aria-labelledby={headingId}>
        {entries.map((entry) => (
          <li key={entry.name}>
            {renaming === entry.name ? (
              <RenameEntry
                from={entry.name}
                entries={entries}
                onCancel={() => setRenaming(undefined)}
                onRename={(to) => {
                  void onChange(withRenamed(entries, entry.name, to)).then((saved) => {
                    if (!saved) return;
                    setRenaming(undefined);
                    onSaid(t('settings.presets.renamed', { name: to.trim() }));
                  });
                }}
                onSaid={onSaid}
              />
            ) : (
              <>
                <strong>{entry.name}</strong>
                {entry.managed ? (
                  <span className="managed-note">{t('settings.policy.managedNote')}</span>
                ) : (
                  <>
                    <button
                      type="button"
                      aria-label={t('settings.presets.renameNamed', { name: entry.name })}
                      onClick={() => {
                        onSaid(undefined);
                        setRenaming(entry.name);
                      }}
                    >
                      {t('settings.presets.rename')}
                    </button>
                    <button
                      type="button"
                      aria-label={t('settings.presets.deleteNamed', { name: entry.name })}
                      onClick={() => {
                        void onChange(withoutEntry(entries, entry.name)).then((saved) => {
                          if (saved) onSaid(t('settings.presets.deleted', { name: entry.name }));
                        });
                      }}
                    >
                      {t('settings.presets.delete')}
                    </button>
                  </>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The new name of one of the user's entries; Enter renames, Escape leaves it as it was. */
function RenameEntry({
  from,
  entries,
  onRename,
  onCancel,
  onSaid,
}: {
  readonly from: string;
  readonly entries: readonly WithManaged<Named>[];
  readonly onRename: (to: string) => void;
  readonly onCancel: () => void;
  readonly onSaid: (message: string | undefined) => void;
}) {
  const t = useT();
  const inputId = useId();
  const [to, setTo] = useState(from);
  const rename = () => {
    const refusal = renameRefusal(from, to, entries);
    if (refusal === undefined) return onRename(to);
    onSaid(
      refusal === 'empty'
        ? t('settings.presets.nameNeeded')
        : t(refusal === 'office' ? 'settings.presets.officeName' : 'settings.presets.nameTaken', {
            name: to.trim(),
          }),
    );
  };
  return (
    <>
      <label htmlFor={inputId}>{t('settings.presets.newName', { name: from })}</label>
      <input
        id={inputId}
        type="text"
        value={to}
        autoFocus
        maxLength={80}
        onChange={(event) => setTo(event.target.value)}
        onKeyDown={(event) => {
          // Enter renames here; it does not send the Settings form around it.
          if (event.key === 'Enter') {
            event.preventDefault();
            rename();
          } else if (event.key === 'Escape') onCancel();
        }}
      />
      <button type="button" className="primary" onClick={rename}>
        {t('settings.presets.renameSave')}
      </button>
      <button type="button" onClick={onCancel}>
        {t('settings.presets.cancel')}
      </button>
    </>
  );
}
