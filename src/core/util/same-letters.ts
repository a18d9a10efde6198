/**
 * Whether two spellings have the same letters and digits, case and everything
 * else ignored: how validation tells formatting ("P.O. Box", "Ave.") from
 * substance. One pass over ASCII text without building strings; other text is
 * compared through toUpperCase and a regex (its case mappings may change length).
 */

const NOT_KEPT = /[^A-Z0-9]/g;
const NOT_KEPT_OR_HASH = /[^A-Z0-9#]/g;

function keptSlow(text: string, withHash: boolean): string {
  return text.toUpperCase().replace(withHash ? NOT_KEPT_OR_HASH : NOT_KEPT, '');
}

// Upper-case code of a kept ASCII character, -1 for one that is skipped, -2 for non-ASCII.
function keptCode(c: number, withHash: boolean): number {
  if (c >= 97 && c <= 122) return c - 32; // a-z
  if ((c >= 65 && c <= 90) || (c >= 48 && c <= 57) || (withHash && c === 35)) return c; // A-Z 0-9 #
  return c > 127 ? -2 : -1;
}

/**
 * True when `a` and `b` have the same A-Z and 0-9 (and `#` when `withHash`) after upper-casing:
 * `toUpperCase().replace(/[^A-Z0-9]/g, '')` of both is the same.
 */
export function sameLetters(a: string, b: string, withHash = false): boolean {
  if (a === b) return true;
  let i = 0;
  let j = 0;
  for (;;) {
    let ca = -1;
    while (i < a.length) {
      ca = keptCode(a.charCodeAt(i++), withHash);
      if (ca !== -1) break;
    }
    let cb = -1;
    while (j < b.length) {
      cb = keptCode(b.charCodeAt(j++), withHash);
      if (cb !== -1) break;
    }
    if (ca === -2 || cb === -2) return keptSlow(a, withHash) === keptSlow(b, withHash);
    // Two ASCII prefixes with the same kept characters so far: a difference here is final.
    if (ca !== cb) return false;
    if (ca === -1) return true; // both ended together
  }
}
