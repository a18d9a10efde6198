/**
 * ZIP code helpers of validation: format checks and the "one-digit typo"
 * test used to pick, among a place's ZIPs, the one a wrong ZIP was meant to be.
 */

function allDigits(text: string, length: number): boolean {
  if (text.length !== length) return false;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** True for exactly five ASCII digits. */
export function isZip5(text: string): boolean {
  return allDigits(text, 5);
}

/** True for exactly four ASCII digits. */
export function isZip4(text: string): boolean {
  return allDigits(text, 4);
}

/** True when two five-digit ZIPs differ by one digit or by two swapped adjacent digits. */
export function isOneZipTypo(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  const diff: number[] = [];
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) diff.push(i);
  if (diff.length === 1) return true;
  const [i, j] = diff;
  return diff.length === 2 && i !== undefined && j === i + 1 && a[i] === b[j] && a[j] === b[i];
}

/** The single candidate that is a one-digit typo of `zip`, or null when none or several are. */
export function uniqueZipTypo(zip: string, candidates: readonly string[]): string | null {
  let found: string | null = null;
  for (const z of candidates) {
    if (!isOneZipTypo(zip, z) || z === found) continue;
    if (found !== null) return null; // two candidates fit equally: do not guess
    found = z;
  }
  return found;
}

/**
 * True when `given`, itself a ZIP of the reference, is a near miss of `meant`: one digit
 * changed in the last two (the same 3-digit area: 01118 for 01108) or two adjacent digits
 * swapped. A valid ZIP one digit off in its area prefix (02108, Boston, for Springfield's
 * 01108) names another region: that is no typo to correct silently.
 */
export function isNearZipTypo(given: string, meant: string): boolean {
  return isOneZipTypo(given, meant) && (given.slice(0, 3) === meant.slice(0, 3) || swapped(given, meant));
}

// True when a and b (one typo apart) differ in two places, adjacent: two digits swapped.
function swapped(a: string, b: string): boolean {
  let first = -1;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    if (first >= 0) return i === first + 1;
    first = i;
  }
  return false;
}

/** The single candidate `given` (a ZIP of the reference) is a near miss of (isNearZipTypo), or null. */
export function uniqueNearZipTypo(given: string, candidates: readonly string[]): string | null {
  let found: string | null = null;
  for (const z of candidates) {
    if (!isNearZipTypo(given, z) || z === found) continue;
    if (found !== null) return null;
    found = z;
  }
  return found;
}
