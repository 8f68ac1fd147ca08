/**
 * Clock offsets as people write them. A signed form is what to add to the camera's time:
 * `+1h03m`, `-45s`, `+1:03`, `90` (seconds). Words say which way the camera is off:
 * `1 h 3 min behind` (the camera shows an earlier time: +3780 s), `2 minutes ahead` (-120 s).
 */

const UNIT_SECONDS: Readonly<Record<string, number>> = {
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  d: 86_400,
  day: 86_400,
  days: 86_400,
};

/** Offsets beyond this are not a clock set wrong but a wrong date: refused. */
export const MAX_CLOCK_OFFSET_SECONDS = 366 * 86_400;

function unitsToSeconds(text: string): number | undefined {
  const compact = text.replace(/\s+/g, ' ').trim();
  if (compact === '') return undefined;
  if (/^\d+$/.test(compact)) return Number(compact);
  const clock = /^(\d+):(\d{2})(?::(\d{2}))?$/.exec(compact);
  if (clock) return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0);
  const part = /(\d+)\s*([a-z]+)\s*(?:and\s+|,\s*)?/gy;
  let total = 0;
  let end = 0;
  for (let match = part.exec(compact); match !== null; match = part.exec(compact)) {
    const unit = UNIT_SECONDS[match[2] ?? ''];
    if (unit === undefined) return undefined;
    total += Number(match[1]) * unit;
    end = part.lastIndex;
  }
  return end === compact.length && end > 0 ? total : undefined;
}

/**
 * Seconds to add to a camera's wall time, from `+1h03m`, `-45s`, `1 h 3 min behind`,
 * `2 minutes ahead`, `-0:30`; undefined for anything else (no sign and no direction included:
 * `1h` alone counts as +1 h). Case and spaces do not matter.
 */
export function parseClockOffset(raw: string): number | undefined {
  let text = raw.trim().toLowerCase();
  let sign = 1;
  const direction = /\s*\b(behind|slow|ahead|fast)$/.exec(text);
  if (direction) {
    sign = direction[1] === 'behind' || direction[1] === 'slow' ? 1 : -1;
    text = text.slice(0, direction.index).trim();
    if (/^[+-]/.test(text)) return undefined; // "-1h behind" is ambiguous
  } else if (text.startsWith('-') || text.startsWith('+')) {
    sign = text.startsWith('-') ? -1 : 1;
    text = text.slice(1).trim();
  }
  const seconds = unitsToSeconds(text);
  if (seconds === undefined || seconds > MAX_CLOCK_OFFSET_SECONDS) return undefined;
  return seconds === 0 ? 0 : sign * seconds;
}

/** `+1h03m`, `-45s`, `+2h`, `0s`: the signed form `parseClockOffset` reads back. */
export function formatClockOffset(seconds: number): string {
  if (seconds === 0) return '0s';
  const sign = seconds < 0 ? '-' : '+';
  let rest = Math.abs(Math.round(seconds));
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  const secs = rest - minutes * 60;
  const two = (value: number) => String(value).padStart(2, '0');
  let text = hours > 0 ? `${hours}h` : '';
  if (minutes > 0 || (hours > 0 && secs > 0))
    text += hours > 0 ? `${two(minutes)}m` : `${minutes}m`;
  if (secs > 0) text += text === '' ? `${secs}s` : `${two(secs)}s`;
  return sign + text;
}

/** `1 h 3 min behind`, `45 s ahead`: the offset in the user's words. */
export function describeClockOffset(seconds: number): string {
  if (seconds === 0) return 'right';
  let rest = Math.abs(Math.round(seconds));
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  const secs = rest - minutes * 60;
  const parts = [
    hours > 0 ? `${hours} h` : '',
    minutes > 0 ? `${minutes} min` : '',
    secs > 0 ? `${secs} s` : '',
  ].filter((part) => part !== '');
  return `${parts.join(' ')} ${seconds > 0 ? 'behind' : 'ahead'}`;
}
