import type { Words } from '../../../shared/i18n/translator';
import type { IpcCallInput } from '../../../shared/ipc/bridge';
import type { SettingsView } from '../../../shared/ipc/views';

/** The Photo Service's details the Connect step asks for, with their labels' keys. */
export const serviceFields = [
  { name: 'authUrl', label: 'firstRun.service.field.authUrl' },
  { name: 'baseUrl', label: 'firstRun.service.field.baseUrl' },
  { name: 'clientId', label: 'firstRun.service.field.clientId' },
] as const;

type ServiceField = (typeof serviceFields)[number]['name'];

type ServiceChange = Pick<
  IpcCallInput<'settings:set'>,
  'authUrl' | 'baseUrl' | 'clientId' | 'clientSecret'
>;

/**
 * The settings change the Connect step's form makes, or what is missing (a message). Settings the
 * organisation manages are left out of the change (they are shown, not typed), so the save never
 * trips over them; an empty secret keeps the stored one.
 */
export function serviceChange(
  settings: SettingsView,
  typed: (name: string) => string,
):
  | { readonly ok: true; readonly change: ServiceChange }
  | { readonly ok: false; readonly problem: Words } {
  const change: Record<string, string> = {};
  const missing: ServiceField[] = [];
  for (const field of serviceFields) {
    if (settings.managed.includes(field.name)) continue;
    const value = typed(field.name).trim();
    if (value === '') missing.push(field.name);
    else change[field.name] = value;
  }
  if (missing.length > 0)
    return {
      ok: false,
      problem: { key: 'firstRun.service.missing', values: { missing: missingChoice(missing) } },
    };
  const secret = typed('clientSecret');
  return {
    ok: true,
    change: { ...change, ...(secret === '' ? {} : { clientSecret: secret }) },
  };
}

/**
 * The `missing` option of `firstRun.service.missing`: the fields left empty, in the form's order,
 * joined (`authUrlClientId`); `other` is all three. Each option is a whole sentence in the
 * catalog, so every language words its own list.
 */
function missingChoice(missing: readonly ServiceField[]): string {
  if (missing.length === serviceFields.length) return 'all';
  return missing
    .map((name, index) => (index === 0 ? name : `${name[0]?.toUpperCase() ?? ''}${name.slice(1)}`))
    .join('');
}
