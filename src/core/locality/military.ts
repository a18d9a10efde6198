/**
 * Military (APO/FPO/DPO) addresses. They are validated by ZIP range and state
 * agreement, not by list membership (docs/data.md §1: the reference's
 * military rows are incomplete and often mislabelled).
 */

import { isZip5 } from './match-zip.js';

const MILITARY_CITIES: ReadonlySet<string> = new Set(['APO', 'FPO', 'DPO']);

/** The military state a ZIP's range belongs to (340xx AA, 090xx-098xx AE, 962xx-966xx AP), or null. */
export function militaryStateOfZip(zip5: string): 'AA' | 'AE' | 'AP' | null {
  if (!isZip5(zip5)) return null;
  const prefix = (zip5.charCodeAt(0) - 48) * 100 + (zip5.charCodeAt(1) - 48) * 10 + (zip5.charCodeAt(2) - 48);
  if (prefix === 340) return 'AA';
  if (prefix >= 90 && prefix <= 98) return 'AE';
  if (prefix >= 962 && prefix <= 966) return 'AP';
  return null;
}

/** True for the Armed Forces state codes AA, AE and AP. */
export function isMilitaryState(state: string | null): boolean {
  // AA, AE or AP, compared by character codes: no hashing of the string.
  if (state === null || state.length !== 2 || state.charCodeAt(0) !== 65) return false;
  const second = state.charCodeAt(1);
  return second === 65 || second === 69 || second === 80;
}

/** True for the military post office "cities" APO, FPO and DPO (periods and spaces ignored). */
export function isMilitaryCity(city: string | null): boolean {
  return city !== null && MILITARY_CITIES.has(city.replace(/[.\s]/g, '').toUpperCase());
}
