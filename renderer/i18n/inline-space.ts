/**
 * The space between a control and the text or control next to it on one line (`{SPACE}` in JSX):
 * not a word, so not in the catalogs, and written once instead of as a literal the lint would take
 * for untranslated text.
 */
export const SPACE = ' ';
