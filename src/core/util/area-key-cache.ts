/**
 * A bounded cache of answers by area (a ZIP or a state) and key (a street key), in two levels:
 * a lookup hashes the two strings it is given, which a batch's strings already carry, rather
 * than a composite "area|key" string made anew per lookup. Past `limit` the areas first stored
 * are forgotten, whole, oldest first; the limit counts answers, or what `weigh` says an answer
 * holds (a list's length, say). The stores' data does not change while they are open, so a
 * remembered answer is the one a fresh read would give (the stores' lookups; the parser's place
 * names by state, core/locality/place-lookup.ts).
 */
export class AreaKeyCache<T> {
  private readonly areas = new Map<string, { byKey: Map<string, T>; weight: number }>();
  private size = 0;

  constructor(private readonly limit: number, private readonly weigh: (answer: T) => number = () => 1) {}

  /** The answer for (area, key): remembered, else read and remembered. */
  get(area: string, key: string, read: () => T): T {
    let held = this.areas.get(area);
    if (held !== undefined) {
      const answer = held.byKey.get(key);
      if (answer !== undefined || held.byKey.has(key)) return answer as T;
    }
    const answer = read();
    if (this.size >= this.limit) {
      for (const [a, old] of this.areas) {
        if (this.size < this.limit) break;
        this.areas.delete(a);
        this.size -= old.weight;
        if (a === area) held = undefined;
      }
    }
    if (held === undefined) this.areas.set(area, (held = { byKey: new Map(), weight: 0 }));
    const weight = this.weigh(answer);
    held.byKey.set(key, answer);
    held.weight += weight;
    this.size += weight;
    return answer;
  }

  /** What the answers held weigh (their count, without `weigh`). */
  get held(): number {
    return this.size;
  }
}
