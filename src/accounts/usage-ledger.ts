/**
 * The units a run was granted, by the UTC day they were recorded under (metering, meter.ts), so
 * that what it then fails to deliver (a reader that went away, a signal, a failure) is given back
 * exactly: latest day first, never more than was granted.
 */
export class UsageLedger {
  private readonly byDay = new Map<string, number>();

  /** Notes `units` recorded under `day`. */
  add(day: string, units: number): void {
    if (units > 0) this.byDay.set(day, (this.byDay.get(day) ?? 0) + units);
  }

  /** Units noted and not given back. */
  get total(): number {
    let sum = 0;
    for (const n of this.byDay.values()) sum += n;
    return sum;
  }

  /** Gives back up to `units` through `release`, latest day first; returns how many were given back. */
  async giveBack(units: number, release: (day: string, units: number) => Promise<void>): Promise<number> {
    let rest = Math.max(0, units);
    let released = 0;
    for (const [day, n] of [...this.byDay].reverse()) {
      if (rest <= 0) break;
      const back = Math.min(n, rest);
      await release(day, back);
      this.byDay.set(day, n - back);
      rest -= back;
      released += back;
    }
    return released;
  }
}
