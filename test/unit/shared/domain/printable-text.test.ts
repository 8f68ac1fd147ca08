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

  it('leaves ordinary names alone, accents and all', () => {
    expect(printable('Façade – nord/IMG 0001 (1).jpg')).toBe('Façade – nord/IMG 0001 (1).jpg');
  });
});
