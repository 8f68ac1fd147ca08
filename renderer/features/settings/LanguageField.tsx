import { useState } from 'react';
import { LANGUAGE_CHOICES, type LanguageChoice } from '../../../shared/i18n/locales';
import type { SettingsView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { useT } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { ChoiceSelect } from '../../components/ui/ChoiceSelect';

/** A language's own name, as its speakers write it ("Español", "Deutsch"). */
function ownName(locale: Exclude<LanguageChoice, 'system'>): string {
  const name = new Intl.DisplayNames([locale], { type: 'language' }).of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}

/**
 * Settings' language: the operating system's (the default) or one of the app's. Saved at once,
 * and the window switches as soon as main has it; each language is named in its own words, so a
 * user who cannot read the current one still finds theirs.
 */
export function LanguageField({
  chosen,
  onSaved,
}: {
  readonly chosen: LanguageChoice;
  readonly onSaved: (settings: SettingsView) => void;
}) {
  const bridge = useBridge();
  const t = useT();
  const sayError = useErrorWords();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>();
  const choose = (language: LanguageChoice) => {
    setSaving(true);
    setProblem(undefined);
    call(bridge, 'settings:set', { language })
      .then(onSaved)
      .catch((error: unknown) => setProblem(sayError(error)))
      .finally(() => setSaving(false));
  };
  return (
    <div className="language-field">
      <ChoiceSelect
        label={t('settings.language.label')}
        options={LANGUAGE_CHOICES.map((choice) => ({
          id: choice,
          name: choice === 'system' ? t('settings.language.system') : ownName(choice),
        }))}
        value={chosen}
        onChange={choose}
        isDisabled={saving}
        describedBy="language-hint"
      />
      <p id="language-hint" className="muted">
        {saving ? t('settings.language.saving') : t('settings.language.hint')}
      </p>
      {problem ? <p role="alert">{problem}</p> : null}
    </div>
  );
}
