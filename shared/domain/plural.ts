/**
 * The forms of an English phrase that holds a count, `#` standing for the number:
 * `{ one: '# photo has', other: '# photos have' }`. The same shape as an ICU `plural` message's
 * cases, so the message catalogs to come take these phrases over as they are.
 */
export type PluralForms = { readonly one: string; readonly other: string };

/** English plural rules: the window's words are English for now. */
const englishRules = new Intl.PluralRules('en');

/**
 * The phrase for `count` in the form its plural category asks for, with the number in place of
 * `#`: `plural(1, photos)` is "1 photo", `plural(3, photos)` "3 photos". Every count the window
 * shows goes through here, never through `n === 1 ? … : …`.
 */
export function plural(
  count: number,
  forms: PluralForms,
  /** How the number is written (`String` unless a screen groups digits, as the map does). */
  formatNumber: (count: number) => string = String,
): string {
  const form = englishRules.select(count) === 'one' ? forms.one : forms.other;
  return form.replaceAll('#', formatNumber(count));
}

/** "# photo" / "# photos", the window's most common count. */
export const PHOTOS: PluralForms = { one: '# photo', other: '# photos' };
