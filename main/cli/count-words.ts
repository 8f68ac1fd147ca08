/** The two English forms of a word that goes with a count: `photo` and `photos`. */
export type CountForms = { readonly one: string; readonly other: string };

// The command line speaks English; its plural rules come from `Intl`, not from `n === 1`.
const rules = new Intl.PluralRules('en');

/** A photo, in counts. */
export const PHOTOS: CountForms = { one: 'photo', other: 'photos' };

/** An error, in counts. */
export const ERRORS: CountForms = { one: 'error', other: 'errors' };

/** A description edit, in counts. */
export const DESCRIPTION_EDITS: CountForms = {
  one: 'description edit',
  other: 'description edits',
};

/** "needs attention", in counts: "1 needs attention", "2 need attention". */
export const NEED_ATTENTION: CountForms = { one: 'needs attention', other: 'need attention' };

/**
 * A count and the form of the word that goes with it: `counted(1, PHOTOS)` is "1 photo",
 * `counted(0, PHOTOS)` "0 photos". The forms may carry a verb: `{ one: 'needs attention',
 * other: 'need attention' }`.
 */
export function counted(count: number, forms: CountForms): string {
  return `${count} ${rules.select(count) === 'one' ? forms.one : forms.other}`;
}
