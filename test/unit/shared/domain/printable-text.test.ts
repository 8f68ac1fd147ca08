import { describe, expect, it } from 'vitest';
import { printable } from '../../../../shared/domain/printable-text';

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

  it('leaves ordinary names alone, accents and all', () => {
    expect(printable('Façade – nord/IMG 0001 (1).jpg')).toBe('Façade – nord/IMG 0001 (1).jpg');
  });
});
