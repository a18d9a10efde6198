/**
 * Damerau-Levenshtein distance (optimal string alignment: insertions,
 * deletions, substitutions and adjacent transpositions), bounded so fuzzy
 * matching of a city against every place of a state stays cheap.
 */

// Three rolling rows (the transposition step looks two rows back), kept between calls and grown
// as needed: a state's places are compared one after another, and new arrays for each cost ~3x
// the comparison itself.
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Edit distance of `a` and `b`, or more than `max` (`max + 1` as soon as it must exceed `max`). */
export function damerauLevenshtein(a: string, b: string, max = Infinity): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const n = b.length;
  if (rows[0].length <= n) rows = [new Int32Array(n + 1), new Int32Array(n + 1), new Int32Array(n + 1)];
  let [prev2, prev, cur] = rows;
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
      let v = (prev[j] as number) + 1; // deletion
      const insertion = (cur[j - 1] as number) + 1;
      if (insertion < v) v = insertion;
      const substitution = (prev[j - 1] as number) + (ai === bj ? 0 : 1);
      if (substitution < v) v = substitution;
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        const transposition = (prev2[j - 2] as number) + 1;
        if (transposition < v) v = transposition;
      }
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n] as number;
}
