import { type FormEvent, useState } from 'react';
import type { SettingsView } from '../../../shared/ipc/views';
import { call, useBridge } from '../../bridge/hooks';
import { OrganisationValue } from './OrganisationValue';
import { serviceChange, serviceFields } from './service-details';
import { StepProblem } from './StepProblem';

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
    if (!checked.ok) return setProblem(checked.message);
    setProblem(undefined);
    setBusy(true);
    call(bridge, 'settings:set', checked.change)
      .then(onSaved)
      .catch((error: Error) => setProblem(error.message))
      .finally(() => setBusy(false));
  };
  return (
    <form className="settings" onSubmit={submit} aria-labelledby="service-details-heading">
      <h3 id="service-details-heading">Or enter the service details</h3>
      <p className="muted">
        Your IT department or the Photo Service’s administrator gives you these: they come with the
        uploader’s registration on the service (its client id, and a secret only if the registration
        has one).
      </p>
      {serviceFields.map((field) =>
        settings.managed.includes(field.name) ? (
          <OrganisationValue
            key={field.name}
            label={field.label}
            value={settings[field.name] ?? ''}
          />
        ) : (
          <label key={field.name}>
            {field.label}
            <input
              name={field.name}
              type={field.name === 'clientId' ? 'text' : 'url'}
              defaultValue={settings[field.name] ?? ''}
              placeholder={field.name === 'clientId' ? undefined : 'https://'}
            />
          </label>
        ),
      )}
      <label>
        Client secret (only if your registration has one)
        <input name="clientSecret" type="password" autoComplete="off" />
      </label>
      <StepProblem
        message={problem}
        fix="Check the details with IT, correct them above and press Continue again (and confirm)."
      />
      <button type="submit" className="primary" disabled={busy}>
        Continue
      </button>
    </form>
  );
}
