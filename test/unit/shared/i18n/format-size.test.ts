import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../../../shared/i18n/format-size';

describe('a file size in the user’s language', () => {
  it.each([
    ['en', 999, false, '999 byte'],
    ['en', 3_400_000, false, '3.4 MB'],
    ['de', 3_400_000, false, '3,4 MB'],
    ['fr', 1_250, false, '1,3 ko'],
    ['es', 2_000_000, true, '2 MB/s'],
    ['en-XA', 1_500_000_000, false, '1.5 GB'],
  ] as const)('%s %d (rate: %s) → %s', (locale, bytes, rate, expected) => {
    expect(formatFileSize(locale, bytes, rate).replace(/\s/g, ' ')).toBe(expected);
  });
});
