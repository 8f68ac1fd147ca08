import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { printAST } from '@formatjs/icu-messageformat-parser/printer.js';

/** Each unaccented Latin letter's accented stand-in: still readable, plainly not English. */
const ACCENTED: Readonly<Record<string, string>> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** How much longer than English a pseudo-localized message is (German runs about this long). */
export const PSEUDO_GROWTH = 0.4;

/**
 * `message` (ICU MessageFormat) in the pseudo-locale: every letter of its text accented, and
 * each run of text padded by {@link PSEUDO_GROWTH} of its length, with the arguments, plurals,
 * selects and tags left working. A word the window shows unaccented did not come from a catalog;
 * a label cut off by its box would be cut off in German too.
 */
export function pseudoLocalize(message: string): string {
  return printAST(parse(message).map(pseudoElement));
}

function pseudoElement(element: MessageFormatElement): MessageFormatElement {
  switch (element.type) {
    case TYPE.literal:
      return { ...element, value: pseudoText(element.value) };
    case TYPE.plural:
    case TYPE.select:
      return {
        ...element,
        options: Object.fromEntries(
          Object.entries(element.options).map(([key, option]) => [
            key,
            { ...option, value: option.value.map(pseudoElement) },
          ]),
        ),
      };
    case TYPE.tag:
      return { ...element, children: element.children.map(pseudoElement) };
    case TYPE.argument:
    case TYPE.number:
    case TYPE.date:
    case TYPE.time:
    case TYPE.pound:
      return element;
  }
}

/** Text accented, then padded with tildes inside its trailing space (so word breaks stay put). */
function pseudoText(text: string): string {
  const accented = [...text].map((character) => ACCENTED[character] ?? character).join('');
  const letters = text.replace(/\s/g, '').length;
  if (letters === 0) return accented;
  const padding = '~'.repeat(Math.max(1, Math.round(letters * PSEUDO_GROWTH)));
  const trailing = /\s*$/.exec(accented)?.[0] ?? '';
  return `${accented.slice(0, accented.length - trailing.length)}${padding}${trailing}`;
}
