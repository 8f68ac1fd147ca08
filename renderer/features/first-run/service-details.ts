import type { IpcCallInput } from '../../../shared/ipc/bridge';
import type { SettingsView } from '../../../shared/ipc/views';

/** The Photo Service's details the Connect step asks for, with their labels. */
export const serviceFields = [
  { name: 'authUrl', label: 'Sign-in address' },
  { name: 'baseUrl', label: 'API address' },
  { name: 'clientId', label: 'Client id' },
] as const;

type ServiceChange = Pick<
  IpcCallInput<'settings:set'>,
  'authUrl' | 'baseUrl' | 'clientId' | 'clientSecret'
>;

/**
 * The settings change the Connect step's form makes, or what is missing in words. Settings the
 * organisation manages are left out of the change (they are shown, not typed), so the save never
 * trips over them; an empty secret keeps the stored one.
 */
export function serviceChange(
  settings: SettingsView,
  typed: (name: string) => string,
): { readonly ok: true; readonly change: ServiceChange } | { ok: false; message: string } {
  const change: Record<string, string> = {};
  const missing: string[] = [];
  for (const field of serviceFields) {
    if (settings.managed.includes(field.name)) continue;
    const value = typed(field.name).trim();
    if (value === '') missing.push(field.label.toLowerCase());
    else change[field.name] = value;
  }
  if (missing.length > 0)
    return { ok: false, message: `Enter the ${listWords(missing)}: nothing was saved yet.` };
  const secret = typed('clientSecret');
  return {
    ok: true,
    change: { ...change, ...(secret === '' ? {} : { clientSecret: secret }) },
  };
}

/** "a", "a and b", "a, b and c". */
function listWords(words: readonly string[]): string {
  return words.length === 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] ?? ''}`;
}
