import { PSEUDO_LOCALE } from './locales';

/** The units a size is shown in, each 1000 times the one before (as file managers show them). */
const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A file size or a byte rate as `locale` writes it: "3.4 MB" (en), "3,4 MB" (de, es, fr), with
 * one decimal from kilobytes up; `perSecond` makes it a rate ("2 MB/s"). The units are decimal,
 * as the operating systems' file managers show sizes.
 */
export function formatFileSize(locale: string, bytes: number, perSecond = false): string {
  let unit = 0;
  let value = Math.max(0, bytes);
  while (value >= 1000 && unit < SIZE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const name = SIZE_UNITS[unit] ?? 'byte';
  return new Intl.NumberFormat(locale === PSEUDO_LOCALE ? 'en' : locale, {
    style: 'unit',
    unit: perSecond ? `${name}-per-second` : name,
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
