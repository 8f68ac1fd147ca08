import { type FormEvent, useState } from 'react';
import type { SettingsView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { useT, useWords } from '../../i18n/use-t';
import { useErrorWords } from '../../i18n/use-error-words';
import { OrganisationValue } from './OrganisationValue';
import { serviceChange, serviceFields } from './service-details';
import { StepProblem } from './StepProblem';

/** What an address field shows before anything is typed: not words, the scheme. */
const ADDRESS_PLACEHOLDER = 'https://';

/**
 * The service's details typed in: sign-in address, API address, client id and an optional
 * client secret (write-only), saved with `settings:set`. What the organisation sets is shown, not
 * asked.
 */
export function ServiceDetailsForm({
  settings,
  onSaved,
}: {
  readonly settings: SettingsView;
  readonly onSaved: (saved: SettingsView) => void;
}) {
  const bridge = useBridge();
  const t = useT();
  const sayError = useErrorWords();
  const words = useWords();
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typed = (name: string) => {
      const value = form.get(name);
      return typeof value === 'string' ? value : '';
    };
    const checked = serviceChange(settings, typed);
    if (!checked.ok) return setProblem(words(checked.problem));
    setProblem(undefined);
    setBusy(true);
    call(bridge, 'settings:set', checked.change)
      .then(onSaved)
      .catch((error: unknown) => setProblem(sayError(error)))
      .finally(() => setBusy(false));
  };
  return (
    <form className="settings" onSubmit={submit} aria-labelledby="service-details-heading">
      <h3 id="service-details-heading">{t('firstRun.service.heading')}</h3>
      <p className="muted">{t('firstRun.service.hint')}</p>
      {serviceFields.map((field) =>
        settings.managed.includes(field.name) ? (
          <OrganisationValue
            key={field.name}
            label={t(field.label)}
            value={settings[field.name] ?? ''}
          />
        ) : (
          <label key={field.name}>
            {t(field.label)}
            <input
              name={field.name}
              type={field.name === 'clientId' ? 'text' : 'url'}
              defaultValue={settings[field.name] ?? ''}
              placeholder={field.name === 'clientId' ? undefined : ADDRESS_PLACEHOLDER}
            />
          </label>
        ),
      )}
      <label>
        {t('firstRun.service.clientSecret')}
        <input name="clientSecret" type="password" autoComplete="off" />
      </label>
      <StepProblem message={problem} fix={t('firstRun.service.problemFix')} />
      <button type="submit" className="primary" disabled={busy}>
        {t('firstRun.continue')}
      </button>
    </form>
  );
}
