import { localToIso } from '../../calendar/time-zone.js';

interface Clock {
  hour: number;
  minute: number;
  second: number;
}
interface Day {
  year: number;
  month: number;
  day: number;
}

/** A parsed cell: an absolute instant, a local date-time, or a time of day without a date. */
export type CsvTime =
  { kind: 'instant'; iso: string } | { kind: 'local'; day: Day; clock: Clock } | { kind: 'clock'; clock: Clock };

const TIME = String.raw`(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?(?:\s*([AaPp])\.?\s*[Mm]\.?)?`;

function clockOf(h: string, m: string, s: string | undefined, ampm: string | undefined): Clock | null {
  let hour = Number(h);
  const minute = Number(m);
  const second = s ? Number(s) : 0;
  if (ampm) {
    if (hour < 1 || hour > 12) return null;
    const pm = ampm.toLowerCase() === 'p';
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  if (hour > 23 || minute > 59 || second > 59) return null;
  return { hour, minute, second };
}

function dayOf(year: number, month: number, day: number): Day | null {
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  const probe = new Date(Date.UTC(year, month - 1, day));
  return probe.getUTCMonth() === month - 1 ? { year, month, day } : null;
}

/**
 * The date-time shapes Meet reports and spreadsheets produce: ISO 8601 (with an offset = an
 * instant), `yyyy-mm-dd hh:mm[:ss]`, `dd/mm/yyyy hh:mm[:ss]` (Italian; US `m/d/yyyy h:mm AM`
 * when AM/PM is given or the day cannot be a month), and a bare time of day (`10:02`, `10:02 AM`).
 */
export function parseCsvTime(raw: string): CsvTime | null {
  const value = raw.trim().replace(/\u202f|\u00a0/g, ' ');
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value)) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : { kind: 'instant', iso: new Date(ms).toISOString() };
  }
  let m = new RegExp(String.raw`^(\d{4})-(\d{2})-(\d{2})[ T]${TIME}$`).exec(value);
  if (m) {
    const day = dayOf(Number(m[1]), Number(m[2]), Number(m[3]));
    const clock = clockOf(m[4], m[5], m[6], m[7]);
    return day && clock ? { kind: 'local', day, clock } : null;
  }
  m = new RegExp(String.raw`^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}),?\s+${TIME}$`).exec(value);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[2]);
    const usOrder = (Boolean(m[7]) && b <= 31 && a <= 12) || (b > 12 && a <= 12);
    const day = usOrder ? dayOf(Number(m[3]), a, b) : dayOf(Number(m[3]), b, a);
    const clock = clockOf(m[4], m[5], m[6], m[7]);
    return day && clock ? { kind: 'local', day, clock } : null;
  }
  m = new RegExp(String.raw`^${TIME}$`).exec(value);
  if (m) {
    const clock = clockOf(m[1], m[2], m[3], m[4]);
    return clock ? { kind: 'clock', clock } : null;
  }
  return null;
}

/** A CsvTime as an ISO instant; a bare time of day takes the session's local date. */
export function resolveCsvTime(time: CsvTime, zone: string, sessionDay: Day): string {
  if (time.kind === 'instant') return time.iso;
  const day = time.kind === 'local' ? time.day : sessionDay;
  return localToIso({ ...day, ...time.clock }, zone);
}

/** `1 hr 2 min`, `45 min`, `1 ora 5 minuti`, `30 s`, `1:02:03`, `12:05` (mm:ss) → seconds. */
export function parseDuration(raw: string): number | null {
  const value = raw.trim().toLowerCase();
  if (!value) return null;
  let m = /^(\d+):(\d{2}):(\d{2})$/.exec(value);
  if (m) return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  m = /^(\d+):(\d{2})$/.exec(value);
  if (m) return Number(m[1]) * 60 + Number(m[2]);
  const units: Array<[RegExp, number]> = [
    [/(\d+)\s*(?:h|hr|hrs|hour|hours|ora|ore)\b/, 3600],
    [/(\d+)\s*(?:m|min|mins|minute|minutes|minuto|minuti)\b/, 60],
    [/(\d+)\s*(?:s|sec|secs|second|seconds|secondo|secondi)\b/, 1],
  ];
  let total = 0;
  let found = false;
  for (const [pattern, factor] of units) {
    const unit = pattern.exec(value);
    if (unit) {
      total += Number(unit[1]) * factor;
      found = true;
    }
  }
  const leftover = units.reduce((rest, [pattern]) => rest.replace(pattern, ''), value).replace(/[\s,e]+/g, '');
  return found && leftover === '' ? total : null;
}
