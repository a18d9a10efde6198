/**
 * The catalog of reason codes and change codes (src/core/data/reason-codes.json),
 * typed: a code that is not in the catalog does not compile.
 */
import catalog from '../data/reason-codes.json' with { type: 'json' };

/** A reason code: why the status or confidence was lowered. */
export type ReasonCode = keyof typeof catalog.reason_codes;

/** A change code: what was changed in the input. */
export type ChangeCode = keyof typeof catalog.change_codes;

/** Catalog entry of a reason code. */
export interface ReasonInfo { description: string; effect: string; review: boolean; layer: string }

/** Catalog entry of a change code. */
export interface ChangeInfo { description: string; sentence: string; substantive: boolean; layer: string }

/** Every reason code with its description, effect and review flag. */
export const REASON_CODES: Readonly<Record<ReasonCode, ReasonInfo>> = catalog.reason_codes;

/** Every change code with its description, sentence and whether it is substantive. */
export const CHANGE_CODES: Readonly<Record<ChangeCode, ChangeInfo>> = catalog.change_codes;

// A sentence "A{from}B{to}C", "A{from}B" or "A{to}B" whose texts A, B, C hold no '{', cut
// into those texts once so that filling it is concatenation; null for any other form.
interface SentenceParts { head: string; from: boolean; middle: string; to: boolean; tail: string }

function partsOf(sentence: string): SentenceParts | null {
  const m = /^([^{]*)(?:\{from\}([^{]*))?(?:\{to\}([^{]*))?$/.exec(sentence);
  if (m === null) return null;
  return { head: m[1] ?? '', from: m[2] !== undefined, middle: m[2] ?? '', to: m[3] !== undefined, tail: m[3] ?? '' };
}

const SENTENCE_PARTS: ReadonlyMap<string, SentenceParts | null> = new Map(
  Object.entries(catalog.change_codes).map(([code, info]) => [code, partsOf(info.sentence)]),
);

/** The Variant A sentence of a change: "Corrected city SEBASTAPOL to SEBASTOPOL." */
export function changeSentence(code: ChangeCode, from: string | null, to: string | null): string {
  const f = from ?? '';
  const t = to ?? '';
  const p = SENTENCE_PARTS.get(code);
  // The same text as the two replace() calls below, when neither value holds '$' (a
  // replacement pattern) and `from` holds no '{' (so it cannot carry a "{to}" of its own).
  if (p !== undefined && p !== null && !f.includes('$') && !f.includes('{') && !t.includes('$')) {
    return p.head + (p.from ? f + p.middle : '') + (p.to ? t + p.tail : '');
  }
  return CHANGE_CODES[code].sentence.replace('{from}', f).replace('{to}', t);
}
