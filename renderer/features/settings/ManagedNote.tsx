import type { SettingsField } from './managed-fields';
import { useT } from '../../i18n/use-t';
import { useManaged } from './managed-context';

/**
 * "Set by your organisation" next to a field the policy sets (the field names this note in its
 * aria-describedby); nothing for a field the user may change.
 */
export function ManagedNote({ field }: { readonly field: SettingsField }) {
  const t = useT();
  const { managed, noteId } = useManaged(field);
  return managed ? (
    <span id={noteId} className="managed-note">
      {t('settings.policy.managedNote')}
    </span>
  ) : null;
}
