/**
 * Repair of ZIPs a spreadsheet mangled (docs/cli.md, `addr batch`): a ZIP stored as a number
 * loses its leading zeros (02108 -> 2108, 02108-1234 -> 21081234) and may come
 * back as a float (2108.0). The repair is made only where the row's state is
 * the state the locality layer gives the restored ZIP, so that a short ZIP
 * that is simply wrong is left for validation to judge. Pure: it asks the
 * LocalityStore port.
 */
import { isZip5 } from '../locality/match-zip.js';
import type { LocalityStore } from '../model/ports.js';
import { stateCode } from '../parse/pub28.js';

/** A repaired ZIP and what it was. */
export interface ZipRepair {
  zip: string; // 02108 or 02108-1234
  from: string; // the value as given
}

const NUMERIC = /^(\d{3,9})(?:\.0*)?$/; // 2108, 2108.0, 21081234, 21081234.00
const SHORT_PLUS4 = /^(\d{3,4})-(\d{4})$/; // 2108-1234

/** The restored ZIP of a mangled value, when the row's state confirms it; null otherwise (nothing to repair, or unconfirmed). */
export function repairZip(value: string, state: string | null | undefined, locality: LocalityStore): ZipRepair | null {
  const given = value.trim();
  // Five digits (the usual cell) and empty cells need no repair: answered before any pattern.
  if (given === '' || state === null || state === undefined || isZip5(given)) return null;
  let zip5: string;
  let zip4: string | null = null;
  const plus4 = SHORT_PLUS4.exec(given);
  const numeric = plus4 === null ? NUMERIC.exec(given) : null;
  if (plus4 !== null) {
    zip5 = (plus4[1] as string).padStart(5, '0');
    zip4 = plus4[2] as string;
  } else if (numeric !== null) {
    const digits = numeric[1] as string;
    // Five or nine digits as text are well formed ZIPs; as floats (95472.0) they were mangled too.
    if ((digits.length === 5 || digits.length === 9) && given === digits) return null;
    if (digits.length <= 5) zip5 = digits.padStart(5, '0');
    else if (digits.length >= 7) {
      const nine = digits.padStart(9, '0');
      zip5 = nine.slice(0, 5);
      zip4 = nine.slice(5);
    } else return null; // six digits: not a ZIP with lost zeros
  } else return null;
  const zip = zip4 === null ? zip5 : `${zip5}-${zip4}`;
  if (zip === given) return null; // already well formed
  const code = stateCode(state);
  if (code === null) return null;
  const record = locality.zip(zip5);
  if (record === null || record.state !== code) return null;
  return { zip, from: given };
}
