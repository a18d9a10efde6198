import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import suffixData from '../../src/core/data/street-suffixes.json' with { type: 'json' };
import unitData from '../../src/core/data/unit-designators.json' with { type: 'json' };
import stateData from '../../src/core/data/states.json' with { type: 'json' };
import {
  STATE_CODES, STATE_NAME_MAX_WORDS, directional, isSuffixStandard, stateCode, stateFips, stateName,
  suffixName, suffixStandard, unitDesignator,
} from '../../src/core/parse/pub28.js';

// street-types@1.0.1 is the independent copy of C1 our table is checked against
// (docs/data.md §3); it is a dev dependency, read only here.
interface StreetType { suffix: string; abbrs: string[]; standardAbbr: string }
const oracle = createRequire(import.meta.url)('street-types') as StreetType[];

// The one token C1 lists under two primaries with different standards: it maps to
// its own standard (the notes in street-suffixes.json give the rule).
const AMBIGUOUS: Record<string, string> = { MDW: 'MDW' };

describe('C1 street suffixes', () => {
  const rows = suffixData.rows as [string, string, string][];

  it('has C1 size: 549 spellings, 206 primary names, no spaces, no repeats within a primary', () => {
    expect(rows).toHaveLength(549);
    expect(new Set(rows.map((r) => r[0])).size).toBe(206);
    for (const r of rows) for (const t of r) expect(t).toMatch(/^[A-Z]+$/);
    expect(new Set(rows.map((r) => `${r[0]}|${r[1]}`)).size).toBe(549);
  });

  it('matches street-types@1.0.1 spelling by spelling', () => {
    const oracleRows = new Set<string>();
    for (const t of oracle) {
      for (const a of t.abbrs) oracleRows.add(`${t.suffix.trim()}|${a.trim()}|${t.standardAbbr.trim()}`);
    }
    expect(new Set(rows.map((r) => r.join('|')))).toEqual(oracleRows);
    for (const t of oracle) {
      const standard = t.standardAbbr.trim();
      expect(suffixStandard(t.suffix.trim())).toBe(standard);
      expect(isSuffixStandard(standard)).toBe(true);
      for (const a of t.abbrs) {
        const token = a.trim();
        expect(suffixStandard(token), `${token} under ${t.suffix}`).toBe(AMBIGUOUS[token] ?? standard);
      }
    }
  });

  it('keeps every standard abbreviation mapped to itself', () => {
    for (const [, , standard] of rows) expect(suffixStandard(standard)).toBe(standard);
  });

  it.each([
    ['AVENUE', 'AVE', ''],
    ['AV', 'AVE', ''],
    ['AVN', 'AVE', ''],
    ['ave', 'AVE', 'lower case is folded'],
    ['AVE.', 'AVE', 'a trailing period is dropped'],
    [' ST ', 'ST', 'surrounding spaces are trimmed'],
    ['MDW', 'MDW', 'listed under MEADOW and MEADOWS: it is the standard of MEADOW'],
    ['MDWS', 'MDWS', ''],
    ['MEADOWS', 'MDWS', ''],
    ['MEDOWS', 'MDWS', ''],
    ['WALK', 'WALK', 'listed under WALK and WALKS, both standard WALK'],
    ['WALKS', 'WALK', 'C1 gives WALKS the standard WALK'],
    ['PARKS', 'PARK', 'C1 gives PARKS the standard PARK'],
    ['PKWYS', 'PKWY', 'spelling of PARKWAYS'],
    ['PLACE', 'PL', 'a primary name C1 does not repeat among its spellings'],
    ['HEIGHTS', 'HTS', 'same'],
    ['INLET', 'INLT', 'same'],
    ['MISSION', 'MSN', 'same'],
    ['EXTENSIONS', 'EXTS', 'same'],
    ['CURVE', 'CURV', 'street-types has a trailing space on this primary'],
    ['XING', 'XING', 'street-types has it twice, once with spaces'],
    ['CRSSNG', 'XING', ''],
    ['KNL', 'KNL', ''],
    ['PNE', 'PNE', ''],
    ['ARCADE', 'ARC', ''],
    ['CENTRE', 'CTR', ''],
    ['HOLLOWS', 'HOLW', 'plural spelling under a singular primary'],
    ['TRAILER', 'TRLR', 'also a C2 unit: the parser decides by position'],
    ['KEY', 'KY', 'also a C2 unit'],
    ['LA', 'LN', 'extra: older abbreviation of LANE'],
    ['TR', 'TRL', 'extra: older abbreviation of TRAIL'],
    ['BL', 'BLVD', 'extra: county sources abbreviate BOULEVARD as BL (the parser accepts it only where a street ends)'],
    ['HGWY', 'HWY', 'extra: frequent misspelling of HIGHWAY'],
    ['PY', 'PKWY', 'extra: New York City sources abbreviate PARKWAY as PY'],
  ])('suffixStandard(%j) = %j %s', (token, standard) => {
    expect(suffixStandard(token)).toBe(standard);
  });

  it.each([
    ['MAIN', 'an ordinary word'],
    ['', 'empty'],
    ['PW', 'county-source abbreviation and Palau'],
    ['APT', 'a unit designator, not a suffix'],
  ])('suffixStandard(%j) is null (%s)', (token) => {
    expect(suffixStandard(token)).toBeNull();
  });

  it.each([
    ['AVE', 'AVENUE'],
    ['ST', 'STREET'],
    ['PKWY', 'PARKWAY'], // singular wins over PARKWAYS
    ['PARK', 'PARK'], // over PARKS
    ['WALK', 'WALK'],
    ['SPUR', 'SPUR'],
    ['MDW', 'MEADOW'],
    ['MDWS', 'MEADOWS'],
    ['XING', 'CROSSING'],
  ])('suffixName(%j) = %j', (standard, name) => {
    expect(suffixName(standard)).toBe(name);
  });

  it('knows standards from names', () => {
    expect(isSuffixStandard('AVE')).toBe(true);
    expect(isSuffixStandard('AVENUE')).toBe(false);
    expect(isSuffixStandard('LN')).toBe(true);
    expect(isSuffixStandard('LA')).toBe(false); // extra spellings are not standards
    expect(suffixName('AVENUE')).toBeNull();
  });
});

describe('C2 unit designators', () => {
  // The 24 of C2; false = needs no secondary range number.
  const C2: [string, boolean][] = [
    ['APT', true], ['BSMT', false], ['BLDG', true], ['DEPT', true], ['FL', true], ['FRNT', false],
    ['HNGR', true], ['KEY', true], ['LBBY', false], ['LOT', true], ['LOWR', false], ['OFC', false],
    ['PH', false], ['PIER', true], ['REAR', false], ['RM', true], ['SIDE', false], ['SLIP', true],
    ['SPC', true], ['STOP', true], ['STE', true], ['TRLR', true], ['UNIT', true], ['UPPR', false],
  ];

  it('lists exactly the 24 C2 designators, plus BAY, PMB and #', () => {
    expect(C2).toHaveLength(24);
    expect(unitData.designators.filter((d) => d.c2).map((d) => d.code).sort()).toEqual(C2.map((c) => c[0]).sort());
    expect(unitData.designators.filter((d) => !d.c2).map((d) => d.code)).toEqual(['BAY', 'PMB', '#']);
  });

  it.each(C2)('%s maps to itself with requiresNumber %s', (code, requiresNumber) => {
    expect(unitDesignator(code)).toEqual({ code, requiresNumber, numberWithDigit: false });
  });

  it.each([
    ['APARTMENT', 'APT', true, ''],
    ['APPT', 'APT', true, 'frequent misspelling'],
    ['apt.', 'APT', true, 'case and period folded'],
    ['SUITE', 'STE', true, ''],
    ['FLOOR', 'FL', true, ''],
    ['FLR', 'FL', true, ''],
    ['ROOM', 'RM', true, ''],
    ['SPACE', 'SPC', true, ''],
    ['BUILDING', 'BLDG', true, ''],
    ['BLD', 'BLDG', true, 'not a C1 spelling of BOULEVARD'],
    ['DEPARTMENT', 'DEPT', true, ''],
    ['TRAILER', 'TRLR', true, ''],
    ['HANGAR', 'HNGR', true, ''],
    ['OFFICE', 'OFC', false, ''],
    ['PENTHOUSE', 'PH', false, ''],
    ['BASEMENT', 'BSMT', false, ''],
    ['FRONT', 'FRNT', false, ''],
    ['LOBBY', 'LBBY', false, ''],
    ['LOWER', 'LOWR', false, ''],
    ['UPPER', 'UPPR', false, ''],
    ['PMB', 'PMB', true, 'private mailbox, written in the unit position'],
    ['#', '#', true, 'designator unknown'],
  ])('unitDesignator(%j) = %s (requiresNumber %s) %s', (token, code, requiresNumber) => {
    expect(unitDesignator(token)).toEqual({ code, requiresNumber, numberWithDigit: false });
  });

  it('reads BAY as a unit only with a number that has a digit or is one letter', () => {
    expect(unitDesignator('BAY')).toEqual({ code: 'BAY', requiresNumber: true, numberWithDigit: true });
  });

  it.each([['SUIT'], ['HANGER'], ['APTS'], ['MAIN'], ['AVE']])('unitDesignator(%j) is null', (token) => {
    expect(unitDesignator(token)).toBeNull();
  });
});

describe('Appendix B states', () => {
  it('has the 62 codes, each with a name', () => {
    expect(STATE_CODES).toHaveLength(62);
    expect(new Set(STATE_CODES).size).toBe(62);
    for (const c of ['DC', 'AS', 'GU', 'MP', 'PR', 'VI', 'FM', 'MH', 'PW', 'AA', 'AE', 'AP']) expect(STATE_CODES).toContain(c);
    for (const c of STATE_CODES) {
      expect(c).toMatch(/^[A-Z]{2}$/);
      expect(stateName(c)).toMatch(/^[A-Z][A-Za-z ]+$/);
      expect(stateCode(c)).toBe(c);
      expect(stateCode(stateName(c) as string)).toBe(c);
    }
  });

  it('has a distinct 2-digit FIPS for every code but the military ones', () => {
    const fips = STATE_CODES.map(stateFips).filter((f): f is string => f !== null);
    expect(fips).toHaveLength(59);
    expect(new Set(fips).size).toBe(59);
    for (const f of fips) expect(f).toMatch(/^\d\d$/);
  });

  it.each([
    ['CA', '06'], ['AL', '01'], ['DC', '11'], ['WY', '56'], ['PR', '72'], ['VI', '78'], ['AS', '60'], ['GU', '66'],
    ['MP', '69'], ['FM', '64'], ['MH', '68'], ['PW', '70'], ['AA', null], ['AE', null], ['AP', null], ['XX', null],
  ])('stateFips(%j) = %j', (code, fips) => {
    expect(stateFips(code)).toBe(fips);
  });

  it.each([
    ['CA', 'CA', ''], ['ca', 'CA', ''], ['California', 'CA', ''], ['CALIFORNIA', 'CA', ''], ['Calif', 'CA', ''], ['Cal', 'CA', ''],
    ['N.Y.', 'NY', 'dotted'], ['N Y', 'NY', "written 'N. Y.'"], ['NY', 'NY', ''], ['new york', 'NY', ''],
    ['District of Columbia', 'DC', ''], ['D.C.', 'DC', ''],
    ['Armed Forces Europe', 'AE', ''], ['Armed Forces Africa', 'AE', 'Pub 28: Africa, Canada, Europe, Middle East are AE'],
    ['Armed Forces Canada', 'AE', ''], ['Armed Forces Middle East', 'AE', ''], ['Armed Forces Americas', 'AA', ''],
    ['Armed Forces Pacific', 'AP', ''], ['Federated States of Micronesia', 'FM', ''], ['Northern Mariana Islands', 'MP', ''],
    ['Puerto Rico', 'PR', ''], ['US Virgin Islands', 'VI', ''], ['Ala', 'AL', ''], ['Ariz', 'AZ', ''], ['Ark', 'AR', ''],
    ['Colo', 'CO', ''], ['Conn', 'CT', ''], ['Del', 'DE', ''], ['Fla', 'FL', ''], ['Ga', 'GA', ''], ['Ill', 'IL', ''],
    ['Ind', 'IN', ''], ['Kan', 'KS', ''], ['Kans', 'KS', ''], ['Ky', 'KY', ''], ['La', 'LA', ''], ['Md', 'MD', ''],
    ['Mass', 'MA', ''], ['Mich', 'MI', ''], ['Minn', 'MN', ''], ['Miss', 'MS', ''], ['Mo', 'MO', ''], ['Mont', 'MT', ''],
    ['Neb', 'NE', ''], ['Nebr', 'NE', ''], ['Nev', 'NV', ''], ['N.H.', 'NH', ''], ['N.J.', 'NJ', ''], ['N.M.', 'NM', ''],
    ['N.C.', 'NC', ''], ['N.D.', 'ND', ''], ['N. Dak.', 'ND', ''], ['Okla', 'OK', ''], ['Ore', 'OR', ''], ['Oreg', 'OR', ''],
    ['Pa', 'PA', ''], ['Penn', 'PA', ''], ['Penna', 'PA', ''], ['R.I.', 'RI', ''], ['S.C.', 'SC', ''], ['S.D.', 'SD', ''],
    ['Tenn', 'TN', ''], ['Tex', 'TX', ''], ['Vt', 'VT', ''], ['Va', 'VA', ''], ['Wash', 'WA', ''], ['W.Va', 'WV', ''],
    ['W. Va.', 'WV', ''], ['Wis', 'WI', ''], ['Wisc', 'WI', ''], ['Wyo', 'WY', ''],
  ])('stateCode(%j) = %j %s', (text, code) => {
    expect(stateCode(text)).toBe(code);
  });

  it.each([
    ['Washington DC', 'WASHINGTON is the city'], ['XX', ''], ['', ''], ['NEWYORK', 'words are not glued'], ['IDA', 'a first name'],
  ])('stateCode(%j) is null %s', (text) => {
    expect(stateCode(text)).toBeNull();
  });

  it('reports the longest name in words', () => {
    const longest = Math.max(...stateData.states.flatMap((s) => [s.name, ...s.aliases]).map((n) => n.split(' ').length));
    expect(STATE_NAME_MAX_WORDS).toBe(longest);
    expect(STATE_NAME_MAX_WORDS).toBe(4); // FEDERATED STATES OF MICRONESIA, ARMED FORCES MIDDLE EAST
  });
});

describe('directionals', () => {
  it.each([
    ['N', 'N'], ['NORTH', 'N'], ['S', 'S'], ['SOUTH', 'S'], ['E', 'E'], ['EAST', 'E'], ['W', 'W'], ['WEST', 'W'],
    ['NE', 'NE'], ['NORTHEAST', 'NE'], ['NW', 'NW'], ['NORTHWEST', 'NW'], ['SE', 'SE'], ['SOUTHEAST', 'SE'],
    ['SW', 'SW'], ['SOUTHWEST', 'SW'], ['n.e.', 'NE'], ['North', 'N'],
  ])('directional(%j) = %j', (token, code) => {
    expect(directional(token)).toBe(code);
    expect(directional(token, { spanish: true })).toBe(code);
  });

  it.each([
    ['NORTE', 'N'], ['SUR', 'S'], ['ESTE', 'E'], ['OESTE', 'W'], ['NORESTE', 'NE'], ['NOROESTE', 'NW'], ['SURESTE', 'SE'], ['SUROESTE', 'SW'],
  ])('Spanish %j = %j only when asked (ESTE, SUR are ordinary words elsewhere)', (token, code) => {
    expect(directional(token)).toBeNull();
    expect(directional(token, { spanish: true })).toBe(code);
  });

  it.each([['NO'], ['NORTH EAST'], ['MAIN'], ['']])('directional(%j) is null', (token) => {
    expect(directional(token)).toBeNull();
  });
});
