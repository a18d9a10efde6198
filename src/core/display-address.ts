/**
 * The mixed-case one-line address for people ("1600 Pennsylvania Ave NW,
 * Washington, DC 20500"). Codes stay upper case; words get a capital initial.
 */

// Tokens that are codes or acronyms on an envelope, never words.
const UPPER: ReadonlySet<string> = new Set([
  'N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW', 'PO', 'RR', 'HC', 'PSC', 'CMR', 'APO', 'FPO', 'DPO', 'US', 'PMB', '#',
]);

function word(token: string): string {
  if (UPPER.has(token)) return token;
  // Ordinals read as 1st, 22nd; other tokens with digits are identifiers (4B, N6W23001).
  const ordinal = /^(\d+)(ST|ND|RD|TH)$/.exec(token);
  if (ordinal) return `${ordinal[1]}${(ordinal[2] as string).toLowerCase()}`;
  if (/\d/.test(token)) return token;
  // Capitalize each letter run after a hyphen or apostrophe: WINSTON-SALEM, O'NEIL.
  return token.toLowerCase().replace(/(^|[-'/])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase());
}

/** Mixed case of an upper-case line: "1600 PENNSYLVANIA AVE NW" -> "1600 Pennsylvania Ave NW". */
export function mixedCase(text: string): string {
  return text.split(' ').filter((t) => t !== '').map(word).join(' ');
}

/** The display address from standardized parts; null when there is nothing to show. */
export function displayAddress(parts: {
  line1: string | null; line2: string | null; city: string | null; state: string | null; zip5: string | null; zip4: string | null;
}): string | null {
  const street = [parts.line1, parts.line2].filter((p): p is string => p !== null && p !== '').map(mixedCase).join(' ');
  const zip = parts.zip5 !== null ? (parts.zip4 !== null ? `${parts.zip5}-${parts.zip4}` : parts.zip5) : null;
  const stateZip = [parts.state, zip].filter((p): p is string => p !== null && p !== '').join(' ');
  const city = parts.city !== null && parts.city !== '' ? mixedCase(parts.city) : '';
  const out = [street, city, stateZip].filter((p) => p !== '').join(', ');
  return out === '' ? null : out;
}
