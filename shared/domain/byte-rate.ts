/** Multipliers of the units a byte rate may be written in (k and M are decimal, Ki and Mi binary). */
const UNITS: Readonly<Record<string, number>> = {
  b: 1,
  kb: 1000,
  mb: 1000 ** 2,
  gb: 1000 ** 3,
  kib: 1024,
  mib: 1024 ** 2,
  gib: 1024 ** 3,
};

/**
 * Reads a byte rate such as "500KB/s", "2MB/s", "1.5 MiB/s" or "800000" (bytes per second) as
 * whole bytes per second; undefined when it is not one, or not above 0.
 */
export function parseByteRate(text: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmg]i?b|b)?\s*(?:\/\s*s|ps)?\s*$/i.exec(text);
  if (!match?.[1]) return undefined;
  const unit = UNITS[(match[2] ?? 'b').toLowerCase()];
  if (unit === undefined) return undefined;
  const bytes = Math.round(Number(match[1]) * unit);
  return bytes > 0 && Number.isSafeInteger(bytes) ? bytes : undefined;
}

/** A byte rate for people: "2 MB/s", "500 kB/s", "900 B/s". */
export function formatByteRate(bytesPerSecond: number): string {
  if (bytesPerSecond >= 1000 ** 2) return `${Number((bytesPerSecond / 1000 ** 2).toFixed(2))} MB/s`;
  if (bytesPerSecond >= 1000) return `${Number((bytesPerSecond / 1000).toFixed(1))} kB/s`;
  return `${bytesPerSecond} B/s`;
}
