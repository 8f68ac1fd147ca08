import { useEffect, useId, useState } from 'react';
import { entryNamed, type SavedTemplate, type WithManaged } from '../../../shared/domain/presets';
import { call, useBridge } from '../../bridge/hooks';
import { useT } from '../../i18n/use-t';
import { withSavedEntry } from '../presets/preset-draft';
import { SaveEntry, type SaveEntryWords } from '../presets/SaveEntry';

const TEMPLATE_WORDS: SaveEntryWords = {
  saveAs: 'intake.template.saveAs',
  name: 'intake.template.name',
  save: 'intake.template.save',
  cancel: 'intake.template.cancel',
  nameNeeded: 'intake.template.nameNeeded',
  officeName: 'intake.template.officeName',
  saved: 'intake.template.saved',
};

/**
 * The saved description templates (issue 26 §1) beside the batch's description: choosing one
 * fills the description in, where the user can still change it; "Save as template…" keeps the
 * description under a name as the user's own (the organisation's are marked and keep theirs).
 */
export function TemplatePicker({
  description,
  setDescription,
}: {
  readonly description: string;
  readonly setDescription: (description: string) => void;
}) {
  const bridge = useBridge();
  const t = useT();
  const selectId = useId();
  const [templates, setTemplates] = useState<readonly WithManaged<SavedTemplate>[]>([]);

  useEffect(() => {
    // No settings (a first run, a failing call): no templates offered.
    call(bridge, 'settings:get', {})
      .then((settings) => setTemplates(settings.descriptionTemplates))
      .catch(() => setTemplates([]));
  }, [bridge]);

  // The template the description still is, if any: the picker shows its name.
  const shown = templates.find((entry) => entry.template === description)?.name ?? '';
  return (
    <div className="template-part">
      {templates.length > 0 ? (
        <>
          <label htmlFor={selectId}>{t('intake.template.label')}</label>
          <select
            id={selectId}
            value={shown}
            onChange={(event) => {
              const chosen = entryNamed(templates, event.target.value);
              if (chosen !== undefined) setDescription(chosen.template);
            }}
          >
            <option value="">{t('intake.template.none')}</option>
            {templates.map((entry) => (
              <option key={entry.name} value={entry.name}>
                {entry.managed ? t('intake.template.office', { name: entry.name }) : entry.name}
              </option>
            ))}
          </select>
        </>
      ) : null}
      {description.trim() === '' ? null : (
        <SaveEntry
          entries={templates}
          words={TEMPLATE_WORDS}
          save={(name) =>
            call(bridge, 'settings:set', {
              descriptionTemplates: withSavedEntry(templates, { name, template: description }),
            }).then((settings) => settings.descriptionTemplates)
          }
          onSaved={setTemplates}
        />
      )}
    </div>
  );
}
