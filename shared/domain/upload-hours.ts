import type { Words } from '../i18n/translator';
import { words } from '../i18n/words';
/**
 * Upload hours: the days and the time of day (in the computer's zone) when photos may be sent.
 * A range whose end is before its start crosses midnight: "Mon-Fri 18:00-07:00" opens Monday at
 * 18:00 and closes Tuesday at 07:00, …, Friday 18:00 to Saturday 07:00.
 */
export type UploadSchedule = {
  /** The schedule as the user wrote it (normalised), for messages. */
  readonly text: string;
  /** Days a window starts on: 0 = Sunday … 6 = Saturday. */
  readonly days: ReadonlySet<number>;
  /** Minutes after midnight the window opens. */
  readonly startMinute: number;
  /** Minutes after midnight it closes (1440 for 24:00); at or before the start: the next day. */
  readonly endMinute: number;
};

/** Whether sending may happen now, or when it may next. */
export type UploadWindow =
  | { readonly open: true }
  | { readonly open: false; readonly opensAt: number; readonly reason: Words };

const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** The computer's time zone (IANA name). */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function dayIndex(word: string): number | undefined {
  const index = DAY_NAMES.findIndex(
    (name) => name.toLowerCase() === word.slice(0, 3).toLowerCase(),
  );
  return index === -1 ? undefined : index;
}

function parseDays(text: string): Set<number> | undefined {
  if (/^(daily|every ?day)$/i.test(text)) return new Set([0, 1, 2, 3, 4, 5, 6]);
  const days = new Set<number>();
  for (const part of text.split(',')) {
    const [from, to, extra] = part.trim().split('-');
    if (from === undefined || extra !== undefined) return undefined;
    const first = dayIndex(from);
    const last = to === undefined ? first : dayIndex(to);
    if (first === undefined || last === undefined) return undefined;
    // A range may wrap the week ("Fri-Mon").
    for (let day = first; ; day = (day + 1) % 7) {
      days.add(day);
      if (day === last) break;
    }
  }
  return days.size > 0 ? days : undefined;
}

function parseClock(text: string, allow24: boolean): number | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  if (!match) return undefined;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (Number(match[2]) > 59) return undefined;
  if (minutes < 1440 || (allow24 && minutes === 1440)) return minutes;
  return undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');
const clockText = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/**
 * Reads a schedule such as "Mon-Fri 18:00-07:00", "Sat,Sun 00:00-24:00" or "daily 22:00-06:00";
 * undefined when it is not one. Day names are English, three letters or more.
 */
export function parseUploadSchedule(text: string): UploadSchedule | undefined {
  const match = /^\s*(.+?)\s+(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})\s*$/.exec(text);
  if (!match?.[1] || !match[2] || !match[3]) return undefined;
  const days = parseDays(match[1].replaceAll(/\s+/g, ''));
  const startMinute = parseClock(match[2], false);
  const endMinute = parseClock(match[3], true);
  if (days === undefined || startMinute === undefined || endMinute === undefined) return undefined;
  if (startMinute === endMinute) return undefined;
  return {
    text: `${match[1].trim()} ${clockText(startMinute)}-${clockText(endMinute)}`,
    days,
    startMinute,
    endMinute,
  };
}

type LocalTime = { readonly day: number; readonly minute: number };

function localTime(at: number, zone: string): LocalTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: dayIndex(part('weekday')) ?? 0,
    minute: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

function isOpenAt(schedule: UploadSchedule, local: LocalTime): boolean {
  const { days, startMinute, endMinute } = schedule;
  if (startMinute < endMinute)
    return days.has(local.day) && local.minute >= startMinute && local.minute < endMinute;
  return (
    (days.has(local.day) && local.minute >= startMinute) ||
    (days.has((local.day + 6) % 7) && local.minute < endMinute)
  );
}

const MINUTE_MS = 60_000;

/** The first minute at or after `from` when the window is open (the schedule opens weekly). */
function nextOpening(schedule: UploadSchedule, from: number, zone: string): number {
  let closedAt = Math.floor(from / MINUTE_MS) * MINUTE_MS;
  for (let jumps = 0; jumps < 16; jumps++) {
    const local = localTime(closedAt, zone);
    // Minutes to the next start by the wall clock; a DST change moves it by up to an hour,
    // which the search below settles.
    const ahead =
      local.minute < schedule.startMinute
        ? schedule.startMinute - local.minute
        : 1440 - local.minute + schedule.startMinute;
    const candidate = closedAt + ahead * MINUTE_MS;
    if (!isOpenAt(schedule, localTime(candidate, zone))) {
      closedAt = candidate;
      continue;
    }
    // Open at `candidate`, closed at `closedAt`: the opening minute lies between.
    let open = candidate;
    while (open - closedAt > MINUTE_MS) {
      const middle = closedAt + Math.floor((open - closedAt) / MINUTE_MS / 2) * MINUTE_MS;
      if (isOpenAt(schedule, localTime(middle, zone))) open = middle;
      else closedAt = middle;
    }
    return open;
  }
  return closedAt;
}

/**
 * Whether `schedule` lets photos be sent at `now` (ms since the epoch) in `zone`; when not, when
 * it next opens and a sentence that says so ("Waiting for upload hours (Mon-Fri 18:00-07:00);
 * resumes at 18:00"). No schedule: always open.
 */
export function uploadWindow(
  schedule: UploadSchedule | undefined,
  now: number,
  zone: string,
): UploadWindow {
  if (schedule === undefined || isOpenAt(schedule, localTime(now, zone))) return { open: true };
  const opensAt = nextOpening(schedule, now, zone);
  const local = localTime(opensAt, zone);
  // Within the day the time says enough; later the day is named too (a code the message words).
  const day = opensAt - now < 20 * 60 * MINUTE_MS ? '' : (DAY_NAMES[local.day] ?? '').toLowerCase();
  return {
    open: false,
    opensAt,
    reason: words('reason.queue.uploadHours', {
      schedule: schedule.text,
      day,
      time: clockText(local.minute),
    }),
  };
}
