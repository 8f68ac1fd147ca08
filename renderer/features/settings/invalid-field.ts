import { isSectionId, type SettingsSectionId } from './settings-sections';

/** A field the browser finds invalid (a malformed address, a number out of range), and where. */
export type InvalidField = {
  readonly field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
  readonly section: SettingsSectionId;
};

/**
 * The form's first invalid field and the section it is in, or undefined when every field is
 * valid. The form does its own checking (`noValidate`): the browser's check on submit stops at a
 * field inside a hidden section and shows nothing, so Save seemed to do nothing at all.
 */
export function firstInvalidField(form: HTMLFormElement): InvalidField | undefined {
  for (const element of Array.from(form.elements)) {
    if (
      !(
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement
      ) ||
      !element.willValidate ||
      element.validity.valid
    )
      continue;
    const section = element.closest<HTMLElement>('[data-section]')?.dataset.section;
    if (section !== undefined && isSectionId(section)) return { field: element, section };
  }
  return undefined;
}
