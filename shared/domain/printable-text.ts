/**
 * Control characters that would act on a terminal or a dialog instead of being shown: C0 and C1
 * controls, DEL, the line and paragraph separators (U+2028, U+2029: a new line in a native
 * dialog), the Unicode bidirectional marks, embeddings, overrides and isolates that can make a
 * name or an address read as another, and every other format character (`\p{Cf}`: zero-width
 * spaces and joiners, the soft hyphen, the byte order mark, tag characters), which are invisible
 * and can hide or join words unseen.
 */
const UNPRINTABLE =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\p{Cf}]/gu;

/** One character as an escape: `\x1b`, `\u202e`, or `\u{e0041}` beyond the first plane. */
export function escapedCharacter(char: string): string {
  const code = char.codePointAt(0) ?? 0;
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  return code <= 0xffff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\u{${code.toString(16)}}`;
}

/**
 * `text` made safe to print on a terminal: every control character is shown as an escape
 * (`\x1b`, `\u202e`), so a file named with an escape sequence cannot clear the screen, hide a
 * line or recolour the output.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, escapedCharacter);
}
