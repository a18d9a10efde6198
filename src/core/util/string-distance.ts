/**
 * Damerau-Levenshtein distance (optimal string alignment: insertions,
 * deletions, substitutions and adjacent transpositions), bounded so fuzzy
 * matching of a city against every place of a state stays cheap.
 */

// Three rolling rows, reused from call to call (grown when a longer string comes): a fuzzy match
// compares one name with hundreds.
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Edit distance of `a` and `b`, or `max + 1` as soon as it must exceed `max`. */
export function damerauLevenshtein(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  if (n + 1 > (rows[0] as Int32Array).length) rows = [0, 1, 2].map(() => new Int32Array(2 * (n + 1)));
  // Three rolling rows: the transposition step looks two rows back.
  let [prev2, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= n; j++) {
    prev2[j] = 0;
    prev[j] = j;
    cur[j] = 0;
  }
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      const cost = ai === bj ? 0 : 1;
      let v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        v = Math.min(v, (prev2[j - 2] as number) + 1);
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n] as number;
}
