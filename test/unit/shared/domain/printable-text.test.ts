import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printable } from '../../../../shared/domain/printable-text';

/** Any text, with format characters (Cf) mixed in: random code points seldom land on them. */
const withFormatCharacters = fc
  .array(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.constantFrom('\u00ad', '\u0600', '\u200b', '\u2060', '\u2064', '\ufeff', '\u{e0041}'),
    ),
    { maxLength: 20 },
  )
  .map((parts) => parts.join(''));

describe('printable', () => {
  it('shows control characters in file names as escapes, so they cannot act on the terminal', () => {
    expect(printable('IMG_\u001b[2J\u001b]0;pwned\u0007.jpg')).toBe(
      'IMG_\\x1b[2J\\x1b]0;pwned\\x07.jpg',
    );
    expect(printable('line\nbreak\rand\ttab\u007f\u009b')).toBe(
      'line\\x0abreak\\x0dand\\x09tab\\x7f\\x9b',
    );
    // A right-to-left override would make "gpj.exe" read as "exe.jpg".
    expect(printable('photo\u202egpj.exe')).toBe('photo\\u202egpj.exe');
  });

  it('escapes the line and paragraph separators and every bidirectional control', () => {
    expect(printable('a\u2028b\u2029c')).toBe('a\\u2028b\\u2029c');
    const bidi = [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066];
    for (const code of [...bidi, 0x2067, 0x2068, 0x2069])
      expect(printable(`x${String.fromCodePoint(code)}y`)).toBe(
        `x\\u${code.toString(16).padStart(4, '0')}y`,
      );
  });

  it('escapes invisible format characters: zero-width spaces and joiners, soft hyphen, tags', () => {
    const invisible = [0x200b, 0x200c, 0x200d, 0x2060, 0x2061, 0x2064, 0xfeff];
    for (const code of invisible)
      expect(printable(`x${String.fromCodePoint(code)}y`)).toBe(
        `x\\u${code.toString(16).padStart(4, '0')}y`,
      );
    expect(printable('soft\u00adhyphen')).toBe('soft\\xadhyphen');
    expect(printable('a\u{e0041}\u{e007f}b')).toBe('a\\u{e0041}\\u{e007f}b');
  });

  it('leaves no format character (Cf) unescaped (property)', () => {
    fc.assert(
      fc.property(withFormatCharacters, (text) => {
        expect(printable(text)).not.toMatch(/\p{Cf}/u);
      }),
    );
  });

  it('leaves ordinary names alone, accents and all', () => {
    expect(printable('Façade – nord/IMG 0001 (1).jpg')).toBe('Façade – nord/IMG 0001 (1).jpg');
  });
});
