/** Five-digit ZIPs as numbers: looked up in a set or a table without hashing a string. */

/** How many numbers a five-digit ZIP can have (00000-99999): the size of a table by ZIP number. */
export const ZIP_NUMBERS = 100_000;

/** A table with a slot for every ZIP number, filled up front: a dense array, never a sparse (hashed) one. */
export function zipTable<T>(): (T | undefined)[] {
  return new Array<T | undefined>(ZIP_NUMBERS).fill(undefined);
}

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
