/**
 * Military (APO/FPO/DPO) localities: confirmed by ZIP range and state
 * agreement (military.ts), never by the reference's incomplete list; no
 * county and no geocode (the reference's coordinates for them are nominal).
 */
import type { Findings } from '../model/findings.js';
import { fillState, keepInput } from './locality.js';
import type { Locality, LocalityInput } from './locality.js';
import { isMilitaryCity, isMilitaryState, militaryStateOfZip } from './military.js';
import type { LocalityStore } from '../model/ports.js';

/** The military locality, or null when the address is not military (civilian state and ZIP). */
export function resolveMilitary(input: LocalityInput, store: LocalityStore, f: Findings): Locality | null {
  const expected = input.zip5 !== null ? militaryStateOfZip(input.zip5) : null;
  if (expected === null && !isMilitaryState(input.state)) return null;
  f.reason('MILITARY_ADDRESS');
  const loc = keepInput(input, true, false);
  if (expected === null) {
    // A military state needs a military ZIP; no ZIP leaves nothing to check the state against.
    if (input.zip5 !== null) f.reason('MILITARY_STATE_MISMATCH');
    else if (input.zipText === null) f.reason('ZIP_MISSING');
    loc.partial = true;
  } else if (input.state === null) {
    fillState(input, expected, f);
    loc.state = expected;
  } else if (input.state !== expected) {
    f.reason('MILITARY_STATE_MISMATCH');
    // APO/FPO/DPO says the address is military, so a civilian state is the error; between
    // two military states nothing says which of ZIP and state is wrong.
    if (!isMilitaryState(input.state) && isMilitaryCity(input.city)) {
      fillState(input, expected, f);
      loc.state = expected;
    } else {
      loc.partial = true;
      loc.suggestion = { city: input.city, state: expected, zip5: input.zip5 };
    }
  }
  // The range makes a ZIP military; the reference's list (incomplete, so not a verdict) is
  // what shows a typo ("09329" for "09499"): an unlisted ZIP asks for a look.
  const rec = expected !== null && input.zip5 !== null ? store.zip(input.zip5) : null;
  if (expected !== null && rec === null) f.reason('MILITARY_ZIP_UNLISTED');
  if (input.city === null) {
    if (rec !== null && isMilitaryCity(rec.city)) {
      f.change('CITY_ADDED', null, rec.city);
      loc.city = rec.city;
    } else {
      f.reason('MILITARY_CITY_INVALID');
      loc.partial = true;
    }
  } else if (isMilitaryCity(input.city)) {
    loc.city = input.city.replace(/[.\s]/g, '').toUpperCase(); // "A.P.O." -> APO
  } else {
    f.reason('MILITARY_CITY_INVALID');
    loc.partial = true;
  }
  return loc;
}
