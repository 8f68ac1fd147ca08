import { plural, type PluralForms } from '../../shared/domain/plural';

/**
 * The two English forms of a word that goes with a count: `photo` and `photos`. The number is put
 * before the word by `counted`; the forms themselves hold no `#`.
 */
export type CountForms = { readonly one: string; readonly other: string };

/** A photo, in counts. */
export const PHOTOS: CountForms = { one: 'photo', other: 'photos' };

/** A queue item, in counts. */
export const ITEMS: CountForms = { one: 'item', other: 'items' };

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
 * other: 'need attention' }`. The plural rule is the window's (`shared/domain/plural`): one rule
 * for every front end.
 */
export function counted(count: number, forms: CountForms): string {
  const phrase: PluralForms = { one: `# ${forms.one}`, other: `# ${forms.other}` };
  return plural(count, phrase);
}
