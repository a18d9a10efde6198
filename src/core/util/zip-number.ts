/** Five-digit ZIPs as numbers: looked up in a set or a table without hashing a string. */

/** The number of a five-digit string ("02108" -> 2108), or -1 for any other string. */
export function zipNumber(zip5: string): number {
  if (zip5.length !== 5) return -1;
  let n = 0;
  for (let i = 0; i < 5; i++) {
    const c = zip5.charCodeAt(i);
    if (c < 48 || c > 57) return -1;
    n = n * 10 + (c - 48);
  }
  return n;
}
