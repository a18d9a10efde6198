// Autocomplete over the points of fixtures/points/suggest.oa.csv (imported with the real
// importer into a temporary points.sqlite, searched through the real SQLite PointSearch),
// with city and ZIP names from a small locality fake: prefixes, units, PO boxes not shadowing
// streets, the state filter, typos, place_id stable after a re-import, details round trips.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityKey } from '../../src/core/parse/city-key.js';
import { createEngine } from '../../src/core/engine.js';
import type { Engine } from '../../src/core/engine.js';
import { isAddrError } from '../../src/core/model/errors.js';
import type { LocalityNames, PlaceRecord, PointSearch, StreetRecord, ZipRecord } from '../../src/core/model/ports.js';
import type { SqlitePointStore } from '../../src/store/points-db.js';
import { SqlitePointSearch } from '../../src/store/points-search.js';
import { fakeLocality, importFixtures, pointStoreOf, tempDataDir } from '../store/points-fixtures.js';

const locality = fakeLocality();
const ZIPS = ['95472', '95473', '95444', '95427', '95437', '90028', '90012', '90069', '91101', '99686'];

/** City and ZIP names by prefix over the fake's ZIPs. */
function fakeNames(): LocalityNames {
  const zips = ZIPS.map((z) => locality.zip(z)).filter((z): z is ZipRecord => z !== null).sort((a, b) => a.zip5.localeCompare(b.zip5));
  const places = new Map<string, PlaceRecord>();
  for (const z of zips) {
    const id = `${cityKey(z.city)}|${z.state}`;
    const p = places.get(id);
    if (p === undefined) places.set(id, { city: z.city, key: cityKey(z.city), state: z.state, zips: [z.zip5], lat: z.lat, lon: z.lon });
    else p.zips.push(z.zip5);
  }
  const sorted = [...places.values()].sort((a, b) => a.key.localeCompare(b.key) || a.state.localeCompare(b.state));
  return {
    placesByKeyPrefix: (prefix, state, limit) => sorted.filter((p) => p.key.startsWith(prefix) && (state === null || p.state === state)).slice(0, limit),
    zipsByPrefix: (prefix, state, limit) => zips.filter((z) => z.zip5.startsWith(prefix) && (state === null || z.state === state)).slice(0, limit),
  };
}

const data = tempDataDir();
let store: SqlitePointStore;
let engine: Engine;

function open(): void {
  store = pointStoreOf(data.dir);
  engine = createEngine({ locality, zips: locality, names: fakeNames(), points: store, pointSearch: new SqlitePointSearch(store.db, store) });
}

beforeAll(async () => {
  await importFixtures(data.dir, ['suggest.oa.csv'], locality);
  open();
});

afterAll(() => {
  store.close();
  data.cleanup();
});

const texts = (query: string, options = {}): string[] => engine.suggest(query, options).suggestions.map((s) => s.text);

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return isAddrError(err) ? err.code : `not an AddrError: ${String(err)}`;
  }
  return 'no error';
}

describe('suggest: addresses as one types', () => {
  it.each([
    // [query, options, expected texts in order]
    ['1400 abercr', {}, ['1400 Abercrombie Dr, Sebastopol, CA 95472', '1400 Abercrombie Dr, Valdez, AK 99686']],
    ['1400 ABERCROMBIE DRIVE', {}, ['1400 Abercrombie Dr, Sebastopol, CA 95472', '1400 Abercrombie Dr, Valdez, AK 99686']],
    ['1400 abercrombie dr', { state: 'AK' }, ['1400 Abercrombie Dr, Valdez, AK 99686']],
    ['1400 abercrombie dr', { state: 'alaska' }, ['1400 Abercrombie Dr, Valdez, AK 99686']],
    ['1400 abercrombie dr valdez', {}, ['1400 Abercrombie Dr, Valdez, AK 99686', '1400 Abercrombie Dr, Sebastopol, CA 95472']], // the city typed ranks first
    ['1400 abercrombie dr, ak 99686', {}, ['1400 Abercrombie Dr, Valdez, AK 99686', '1400 Abercrombie Dr, Sebastopol, CA 95472']],
    ['1402 aber', {}, ['1402 Abercrombie Dr, Sebastopol, CA 95472', '1402 Abercrombie Dr, Valdez, AK 99686']],
    ['12 aber', {}, ['12 Aberdeen St, Valdez, AK 99686']],
    ['12 abercrombie', {}, []], // the number is not on that street: no address, and no city fallback after a number
    ['7 n main', {}, ['7 N Main St, Sebastopol, CA 95472']],
    ['7 north ma', {}, ['7 N Main St, Sebastopol, CA 95472']],
    ['7 main', {}, ['7 N Main St, Sebastopol, CA 95472']], // the predirectional may be left out
    ['202 main st', {}, ['202 Main St, Sebastopol, CA 95472']],
    ['202 main avenue sebastopol', {}, []], // AVE typed, the street is a ST
    ['15 sec', {}, ['15 Second St, Valdez, AK 99686', '15 E 2nd St, Valdez, AK 99686']], // SECOND is key 2; no predirectional typed: SECOND ST first
    ['15 2n', {}, ['15 Second St, Valdez, AK 99686', '15 E 2nd St, Valdez, AK 99686']], // an ordinal being typed
    ['15 12t', {}, ['15 12th Ave, Valdez, AK 99686']],
    ['15 e 2', {}, ['15 E 2nd St, Valdez, AK 99686']],
    ['15 east', {}, ['15 E 2nd St, Valdez, AK 99686']], // a directional alone: the streets with that predirectional
    ['15 e', {}, ['15 E 2nd St, Valdez, AK 99686']],
    ['7 no', {}, ['7 N Main St, Sebastopol, CA 95472']],
    ['15 west', {}, []],
  ])('%j %j', (query, options, expected) => {
    expect(texts(query, options)).toEqual(expected);
  });

  it('highlights the matched part of the text', () => {
    const [s] = engine.suggest('1400 abercr', { state: 'AK' }).suggestions;
    expect(s).toMatchObject({ kind: 'address', highlight: '1400 Abercr', highlight_ranges: [[0, 4], [5, 11]] });
    const [t] = engine.suggest('1400 abercrombie dri', { state: 'AK' }).suggestions;
    expect(t?.highlight).toBe('1400 Abercrombie Dr');
  });

  it('suggests streets for a name alone, one per ZIP', () => {
    const r = engine.suggest('aber');
    expect(r.source).toBe('address_points');
    expect(r.suggestions.map((s) => [s.kind, s.text])).toEqual([
      ['street', 'Aberdeen St, Valdez, AK 99686'],
      ['street', 'Abercrombie Dr, Sebastopol, CA 95472'],
      ['street', 'Abercrombie Dr, Valdez, AK 99686'],
    ]);
  });

  it('a directional alone suggests the streets with that predirectional', () => {
    expect(texts('east')).toEqual(['E 2nd St, Valdez, AK 99686']);
    expect(texts('nort')).toEqual(['N Main St, Sebastopol, CA 95472']);
  });

  it('respects the limit', () => {
    expect(engine.suggest('aber', { limit: 2 }).suggestions).toHaveLength(2);
  });
});

describe('suggest: units', () => {
  it('one suggestion per building, never one per unit', () => {
    const r = engine.suggest('200 main');
    expect(r.suggestions).toHaveLength(1);
    expect(r.suggestions[0]).toMatchObject({ text: '200 Main St, Sebastopol, CA 95472', kind: 'address', units: 6 });
    expect(r.suggestions[0]?.place_id).toMatch(/^bd_/);
    const [b] = engine.suggest('1400 abercrombie dr', { state: 'AK' }).suggestions;
    expect(b).toMatchObject({ units: 2 });
    expect(b?.place_id).toMatch(/^pt_/); // the building's own unit-less point
  });

  it.each([
    ['1400 abercrombie dr apt 2', ['1400 Abercrombie Dr Apt 2, Valdez, AK 99686']],
    ['1400 abercrombie dr # 2', ['1400 Abercrombie Dr Apt 2, Valdez, AK 99686']],
    ['1400 abercrombie dr apartment 1', ['1400 Abercrombie Dr Apt 1, Valdez, AK 99686']],
    ['1400 abercrombie dr apt ', ['1400 Abercrombie Dr Apt 1, Valdez, AK 99686', '1400 Abercrombie Dr Apt 2, Valdez, AK 99686']],
    ['1400 abercrombie dr apt 9', ['1400 Abercrombie Dr, Valdez, AK 99686']], // unit not listed: still the building
    ['1400 abercrombie apt 2', ['1400 Abercrombie Dr Apt 2, Valdez, AK 99686']], // suffix left out
    ['200 main st apt 5', ['200 Main St Apt 5, Sebastopol, CA 95472']],
    ['202 main st apt 5', ['202 Main St, Sebastopol, CA 95472']], // a building without units: itself
  ])('%j', (query, expected) => {
    expect(texts(query, { state: query.startsWith('1400') ? 'AK' : null })).toEqual(expected);
  });

  it('a unit suggestion highlights the unit typed', () => {
    const [s] = engine.suggest('1400 abercrombie dr apt 2', { state: 'AK' }).suggestions;
    expect(s?.highlight).toBe('1400 Abercrombie Dr Apt 2');
  });
});

describe('suggest: PO boxes never shadow streets', () => {
  // The fixture's "PO Box 45" (no number) and "45, PO Box" rows are skipped at import, never streets.
  it('"po" suggests the streets that start with PO', () => {
    expect(texts('po')).toEqual(['Poplar St, Sebastopol, CA 95472', 'Poplar St, Valdez, AK 99686', 'Point Reyes Rd, Sebastopol, CA 95472']);
  });
  it('"300 po" finds the building on Poplar St', () => {
    expect(texts('300 po')).toEqual(['300 Poplar St, Valdez, AK 99686']);
  });
  it('a PO box matches no point and names no city', () => {
    expect(engine.suggest('po box 12').suggestions).toEqual([]);
    expect(engine.suggest('45 po').suggestions).toEqual([]);
    expect(engine.suggest('po box').suggestions).toEqual([]);
  });
});

describe('suggest: a street name in many ZIPs', () => {
  // A fake search index: 80 JACKSON RD before the one JACKSON TRL, as a national file may list them.
  const street = (i: number, suffix: string): StreetRecord => ({
    id: i, source: 'fake', predir: null, street: 'JACKSON', suffix, postdir: null, city: 'VALDEZ', state: 'AK', zip5: String(10000 + i), points: 1, lat: 61, lon: -146,
  });
  const streets = [...Array.from({ length: 80 }, (_, i) => street(i, 'RD')), street(80, 'TRL')];
  const search: PointSearch = {
    streetKeys: () => ['JACKSON'],
    streetsByKey: (key, _state, limit, filter) => streets.filter((s) => key === 'JACKSON' && (filter?.suffixes === undefined || filter.suffixes.includes(s.suffix as string))).slice(0, limit),
    pointsByKey: () => [],
    streetKeysWithPredir: () => [],
    streetByParts: () => null,
    nearest: () => [],
  };
  const fake = createEngine({ locality, pointSearch: search });

  it('reads further when the first rows of the name are all of another type', () => {
    expect(fake.suggest('jackson trail').suggestions.map((s) => s.text)).toEqual(['Jackson Trl, Valdez, AK 10080']);
  });
  it('a finished street type narrows the rows asked for', () => {
    expect(fake.suggest('jackson trl ').suggestions.map((s) => s.text)).toEqual(['Jackson Trl, Valdez, AK 10080']);
  });
});

describe('suggest: typos', () => {
  it.each([
    ['1400 abercrobmie dr', 'AK', ['1400 Abercrombie Dr, Valdez, AK 99686']],
    ['1400 abercrombe', 'AK', ['1400 Abercrombie Dr, Valdez, AK 99686']],
    ['poplr', null, ['Poplar St, Sebastopol, CA 95472', 'Poplar St, Valdez, AK 99686']],
  ])('%j', (query, state, expected) => {
    const r = engine.suggest(query, { state });
    expect(r.fuzzy).toBe(true);
    expect(r.suggestions.map((s) => s.text)).toEqual(expected);
  });
  it('a correct name is never marked fuzzy', () => {
    expect(engine.suggest('1400 abercrombie').fuzzy).toBe(false);
  });
});

describe('suggest: city and ZIP names when no point matches', () => {
  it('"sebas" -> Sebastopol, CA 95472', () => {
    const r = engine.suggest('sebas');
    expect(r.source).toBe('locality');
    expect(r.suggestions).toEqual([{ text: 'Sebastopol, CA 95472', highlight: 'Sebas', highlight_ranges: [[0, 5]], place_id: expect.stringMatching(/^ci_/), kind: 'city', units: 0, coverage: 'locality' }]);
  });
  it('"9547" -> ZIPs, ascending', () => {
    const r = engine.suggest('9547');
    expect(r.suggestions.map((s) => [s.kind, s.text, s.highlight])).toEqual([
      ['zip', 'Sebastopol, CA 95472', '9547'],
      ['zip', 'Sebastopol, CA 95473', '9547'],
    ]);
  });
  it('"los angeles ca" and the state filter', () => {
    expect(texts('los angeles ca')).toEqual(['Los Angeles, CA 90012']);
    expect(texts('los', { state: 'AK' })).toEqual([]);
    expect(texts('9', { state: 'AK' })).toEqual(['Valdez, AK 99686']);
  });
  it('nothing at all: an empty list', () => {
    expect(engine.suggest('zzzz')).toMatchObject({ suggestions: [], source: 'none' });
  });
});

describe('details', () => {
  it('round trip: every suggestion kind gives its full record', () => {
    const address = engine.suggest('1400 abercrombie dr apt 2', { state: 'AK' }).suggestions[0];
    expect(engine.details(address?.place_id ?? '')).toMatchObject({
      kind: 'address', text: '1400 Abercrombie Dr Apt 2, Valdez, AK 99686',
      standardized: { line1: '1400 ABERCROMBIE DR APT 2', city: 'VALDEZ', state: 'AK', zip5: '99686' },
      components: { number: '1400', street: 'ABERCROMBIE', suffix: 'DR', unit_type: 'APT', unit_number: '2' },
      geocode: { lat: 61.13, lon: -146.35, quality: 'ROOFTOP' }, county: 'Valdez-Cordova', source: 'suggest.oa',
    });
    const building = engine.suggest('1400 abercrombie dr', { state: 'AK' }).suggestions[0];
    expect(engine.details(building?.place_id ?? '')).toMatchObject({ kind: 'address', standardized: { line1: '1400 ABERCROMBIE DR' }, units: ['APT 1', 'APT 2'] });
    const unitsOnly = engine.suggest('200 main').suggestions[0];
    expect(engine.details(unitsOnly?.place_id ?? '')).toMatchObject({
      kind: 'address', place_id: unitsOnly?.place_id, text: '200 Main St, Sebastopol, CA 95472',
      units: ['APT 1', 'APT 2', 'APT 3', 'APT 4', 'APT 5', 'APT 6'], geocode: { quality: 'ROOFTOP' },
    });
    const street = engine.suggest('poplar', { state: 'AK' }).suggestions[0];
    expect(engine.details(street?.place_id ?? '')).toMatchObject({ kind: 'street', text: 'Poplar St, Valdez, AK 99686', points: 1, geocode: { quality: 'STREET' } });
    const city = engine.suggest('sebas').suggestions[0];
    expect(engine.details(city?.place_id ?? '')).toMatchObject({ kind: 'city', text: 'Sebastopol, CA 95472', zips: ['95472', '95473'], geocode: { quality: 'CITY_CENTROID' } });
    expect(engine.details('zp_95472')).toMatchObject({ kind: 'zip', county: 'Sonoma', county_fips: '06097', geocode: { quality: 'ZIP_CENTROID' } });
  });

  it.each(['', 'nonsense', 'pt_AAAAAAAAAAAAAAAA', 'zp_00000', 'st_bm90IGpzb24', 'bd_W10', 'ci_' + Buffer.from('["CA","NOWHERE"]').toString('base64url')])('%j -> ADDR_ERR_PLACE_NOT_FOUND', (id) => {
    expect(codeOf(() => engine.details(id))).toBe('ADDR_ERR_PLACE_NOT_FOUND');
  });
});

describe('place_id is stable across re-imports', () => {
  it('the same points give the same ids after the source is removed and imported again', async () => {
    const queries = ['1400 abercrombie dr apt 2', '1400 abercrombie dr', '200 main', 'poplar', 'sebas'];
    const before = queries.map((q) => engine.suggest(q).suggestions.map((s) => s.place_id));
    store.close();
    const admin = pointStoreOf(data.dir);
    expect(admin.removeSource('suggest.oa')).toBe(true);
    admin.close();
    await importFixtures(data.dir, ['suggest.oa.csv'], locality);
    open();
    expect(queries.map((q) => engine.suggest(q).suggestions.map((s) => s.place_id))).toEqual(before);
    for (const ids of before) for (const id of ids) expect(engine.details(id).place_id).toBe(id);
  });
});

describe('bad input', () => {
  it.each([
    ['', {}],
    ['   ', {}],
    ['x'.repeat(201), {}],
    ['main', { limit: 0 }],
    ['main', { limit: 21 }],
    ['main', { state: 'XX' }],
  ])('%j %j -> ADDR_ERR_INPUT_INVALID', (query, options) => {
    expect(codeOf(() => engine.suggest(query, options))).toBe('ADDR_ERR_INPUT_INVALID');
  });
});

describe('suggest: the search rows as records', () => {
  // pointsByKey and streetsByKey make their records from rows read as arrays: every field in its place.
  it('pointsByKey gives the records byPlaceId gives; streetsByKey those streetByParts gives', () => {
    const search = new SqlitePointSearch(store.db, store);
    const points = search.pointsByKey('ABERCROMBIE', 1400, null, 60);
    expect(points.length).toBeGreaterThan(0);
    for (const p of points) expect(p).toEqual(store.byPlaceId(p.place_id));
    const streets = search.streetsByKey('ABERCROMBIE', null, 60);
    expect(streets.length).toBeGreaterThan(0);
    for (const s of streets) expect(s).toEqual(search.streetByParts(s.source, s.state, s.zip5, s.predir, s.street, s.suffix, s.postdir));
  });
});
