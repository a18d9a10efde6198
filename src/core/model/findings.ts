/**
 * What validation found out about one address, collected while deciding:
 * reason codes (why status or confidence went down) and changes (what was
 * changed, with the value given and the value returned), each recorded once.
 */
import type { ChangeCode, ReasonCode } from './reason-codes.js';

/** One change to the input. */
export interface Change {
  code: ChangeCode;
  from: string | null; // the value as given (null when added)
  to: string | null; // the value returned (null when removed)
}

/** What a Findings held at one moment (Findings.mark), to tell whether a layer added anything and to undo it. */
export interface FindingsMark {
  readonly reasons: readonly ReasonCode[];
  readonly changes: readonly Change[];
}

/** The reasons and changes of one validation, in the order they were decided. */
export class Findings {
  readonly reasons: ReasonCode[] = [];
  readonly changes: Change[] = [];

  /** Records a reason code (once). */
  reason(code: ReasonCode): void {
    if (!this.reasons.includes(code)) this.reasons.push(code);
  }

  /** Forgets a reason code (a later layer settled what it was about). */
  drop(code: ReasonCode): void {
    const at = this.reasons.indexOf(code);
    if (at >= 0) this.reasons.splice(at, 1);
  }

  /** True when this reason code was recorded. */
  hasReason(code: ReasonCode): boolean {
    return this.reasons.includes(code);
  }

  /** Records a change (once per code). */
  change(code: ChangeCode, from: string | null, to: string | null): void {
    if (!this.hasChange(code)) this.changes.push({ code, from, to });
  }

  /** Records a change, or replaces the value returned of one recorded with this code (a later layer knew better). */
  amend(code: ChangeCode, from: string | null, to: string | null): void {
    for (const c of this.changes) {
      if (c.code === code) {
        c.to = to;
        return;
      }
    }
    this.changes.push({ code, from, to });
  }

  /** Forgets a change (a later layer undid it). */
  unchange(code: ChangeCode): void {
    const at = this.changes.findIndex((c) => c.code === code);
    if (at >= 0) this.changes.splice(at, 1);
  }

  /** True when a change with this code was recorded. */
  hasChange(code: ChangeCode): boolean {
    for (const c of this.changes) if (c.code === code) return true;
    return false;
  }

  /** What these findings hold now (copied: later changes to them leave the mark as it is). */
  mark(): FindingsMark {
    return { reasons: [...this.reasons], changes: this.changes.map((c) => ({ ...c })) };
  }

  /** True when the findings hold exactly what `m` held (the same reasons and changes, in order). */
  sameAs(m: FindingsMark): boolean {
    return this.reasons.length === m.reasons.length && this.reasons.every((r, i) => r === m.reasons[i])
      && this.changes.length === m.changes.length && this.changes.every((c, i) => c.code === m.changes[i]?.code && c.from === m.changes[i]?.from && c.to === m.changes[i]?.to);
  }

  /** Puts the findings back to what `m` held. */
  rollback(m: FindingsMark): void {
    this.reasons.splice(0, this.reasons.length, ...m.reasons);
    this.changes.splice(0, this.changes.length, ...m.changes.map((c) => ({ ...c })));
  }
}
