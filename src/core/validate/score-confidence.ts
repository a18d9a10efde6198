/**
 * The confidence of a validation result: a deterministic score from the
 * evidence, driven by one table (src/core/data/confidence.json) so it can be
 * tuned against labelled data without touching the logic.
 */
import table from '../data/confidence.json' with { type: 'json' };
import type { ChangeCode, ReasonCode } from '../model/reason-codes.js';
import type { QualityLevel, ValidationStatus } from '../model/validation-result.js';

/** What the score is computed from. */
export interface ConfidenceEvidence {
  status: ValidationStatus;
  reasons: readonly ReasonCode[];
  changes: readonly ChangeCode[];
  fuzzy: { distance: number; length: number; confirmedByZip: boolean } | null; // a city matched by spelling
  level?: QualityLevel; // the layer that decided: its factor scales the score (absent: 1)
}

const REASON_PENALTY: Readonly<Record<ReasonCode, number>> = table.reason_penalty;
const CHANGE_PENALTY: Readonly<Record<ChangeCode, number>> = table.change_penalty;
const STATUS_CAP: Readonly<Record<ValidationStatus, number>> = table.status_cap;
const LAYER_FACTOR: Readonly<Record<QualityLevel, number>> = table.layer_factor;

/** A penalty for codes that are weak together: every code of `all` and at least one of `any` present. */
interface Interaction { all: readonly string[]; any: readonly string[]; penalty: number }
const INTERACTIONS: readonly Interaction[] = table.interactions;

/** The scoring table, for tests and docs. */
export const CONFIDENCE_TABLE = table;

/** The codes of `reasons` that cost confidence (each once, in their order): why a low score is low. */
export function penalizedReasons(reasons: readonly ReasonCode[]): ReasonCode[] {
  const out: ReasonCode[] = [];
  for (const r of reasons) if (REASON_PENALTY[r] > 0 && !out.includes(r)) out.push(r);
  return out;
}

/** Confidence in [0, 1], two decimals (docs/validation.md, "Confidence"). */
export function scoreConfidence(e: ConfidenceEvidence): number {
  let score = table.start;
  // Each code once (the lists are short: a code counts at its first place).
  const { reasons, changes } = e;
  for (let i = 0; i < reasons.length; i++) if (reasons.indexOf(reasons[i] as ReasonCode) === i) score -= REASON_PENALTY[reasons[i] as ReasonCode];
  for (let i = 0; i < changes.length; i++) if (changes.indexOf(changes[i] as ChangeCode) === i) score -= CHANGE_PENALTY[changes[i] as ChangeCode];
  if (INTERACTIONS.length > 0 && reasons.length + changes.length > 0) {
    const has = (code: string): boolean => (reasons as readonly string[]).includes(code) || (changes as readonly string[]).includes(code);
    for (const i of INTERACTIONS) if (i.all.every(has) && i.any.some(has)) score -= i.penalty;
  }
  if (e.fuzzy !== null) {
    score -= table.fuzzy.per_edit * e.fuzzy.distance + table.fuzzy.per_relative_edit * (e.fuzzy.distance / Math.max(1, e.fuzzy.length));
    if (!e.fuzzy.confirmedByZip) score -= table.fuzzy.without_zip;
  }
  score = Math.min(score, STATUS_CAP[e.status]);
  if (e.level !== undefined) score *= LAYER_FACTOR[e.level];
  return Math.round(Math.max(0, Math.min(1, score)) * 100) / 100;
}
