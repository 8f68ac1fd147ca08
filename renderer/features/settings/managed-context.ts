import { createContext, useContext } from 'react';
import { isManaged, type SettingsField } from './managed-fields';

/** The Settings form's fields the organisation manages (none outside Settings, and in tests). */
export const ManagedFieldsContext = createContext<ReadonlySet<SettingsField>>(new Set());

/** How one field shows that the organisation manages it. */
export type ManagedField = {
  readonly managed: boolean;
  /** The id of its "Set by your organisation" note (rendered by `ManagedNote`). */
  readonly noteId: string;
  /** The field's aria-describedby: `others` and, when managed, the note. */
  readonly describedBy: (...others: readonly string[]) => string | undefined;
};

/** Whether the organisation manages `field`, and the ids that tie the field to its note. */
export function useManaged(field: SettingsField): ManagedField {
  const managed = isManaged(useContext(ManagedFieldsContext), field);
  const noteId = `managed-${field}`;
  return {
    managed,
    noteId,
    describedBy: (...others) => {
      const ids = managed ? [noteId, ...others] : others;
      return ids.length === 0 ? undefined : ids.join(' ');
    },
  };
}
