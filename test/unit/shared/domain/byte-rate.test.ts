import { describe, expect, it } from 'vitest';
import { formatByteRate, parseByteRate } from '../../../../shared/domain/byte-rate';

describe('parseByteRate', () => {
  it('reads decimal and binary units, with or without /s and spaces', () => {
    expect(parseByteRate('500KB/s')).toBe(500_000);
    expect(parseByteRate('2MB/s')).toBe(2_000_000);
    expect(parseByteRate('1.5 MiB/s')).toBe(1_572_864);
    expect(parseByteRate('64 KiB/s')).toBe(65_536);
    expect(parseByteRate('1mb')).toBe(1_000_000);
    expect(parseByteRate('800000')).toBe(800_000);
    expect(parseByteRate('1 GB/s')).toBe(1_000_000_000);
  });

  it('refuses what is not a rate', () => {
    for (const text of ['', 'fast', '0', '0MB/s', '-1MB/s', '2 Mbit/s', '2XB/s', '1e6'])
      expect(parseByteRate(text)).toBeUndefined();
  });
});

describe('formatByteRate', () => {
  it('says a rate in its largest unit', () => {
    expect(formatByteRate(2_000_000)).toBe('2 MB/s');
    expect(formatByteRate(500_000)).toBe('500 kB/s');
    expect(formatByteRate(900)).toBe('900 B/s');
  });
});
