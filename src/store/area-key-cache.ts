/**
 * A bounded cache of answers by area (a ZIP or a state) and key (a street key), in two levels:
 * a lookup hashes the two strings it is given, which a batch's strings already carry, rather
 * than a composite "area|key" string made anew per lookup. Past `limit` answers the areas
 * first stored are forgotten, whole, oldest first. The stores' data does not change while they
 * are open, so a remembered answer is the one a fresh read would give.
 */
export class AreaKeyCache<T> {
  private readonly areas = new Map<string, Map<string, T>>();
  private size = 0;

  constructor(private readonly limit: number) {}

  /** The answer for (area, key): remembered, else read and remembered. */
  get(area: string, key: string, read: () => T): T {
    let byKey = this.areas.get(area);
    if (byKey !== undefined) {
      const held = byKey.get(key);
      if (held !== undefined || byKey.has(key)) return held as T;
    }
    const answer = read();
    for (const [a, m] of this.areas) {
      if (this.size < this.limit) break;
      this.areas.delete(a);
      this.size -= m.size;
      if (a === area) byKey = undefined;
    }
    if (byKey === undefined) this.areas.set(area, (byKey = new Map()));
    byKey.set(key, answer);
    this.size++;
    return answer;
  }

  /** The answers held. */
  get held(): number {
    return this.size;
  }
}
