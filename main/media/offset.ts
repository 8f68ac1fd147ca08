/** Offsets of real zones lie in [-12:00, +14:00]. */
const MIN_OFFSET_MINUTES = -12 * 60;
const MAX_OFFSET_MINUTES = 14 * 60;

/**
 * Parses an EXIF or ISO offset (`+02:00`, `-0530`, `Z`) into minutes east of UTC; undefined for
 * anything else (cameras write blanks like `   :  `).
 */
export function parseOffset(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const text = raw.trim();
  if (text === 'Z') return 0;
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(text);
  if (!match) return undefined;
  const minutes = (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
  if (Number(match[3]) >= 60 || minutes < MIN_OFFSET_MINUTES || minutes > MAX_OFFSET_MINUTES)
    return undefined;
  return minutes;
}

/** Minutes east of UTC as `+HH:MM`. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
}
