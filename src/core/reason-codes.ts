/**
 * The catalog of reason codes and change codes (src/core/data/reason-codes.json),
 * typed: a code that is not in the catalog does not compile.
 */
import catalog from './data/reason-codes.json' with { type: 'json' };

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

/** The Variant A sentence of a change: "Corrected city SEBASTAPOL to SEBASTOPOL." */
export function changeSentence(code: ChangeCode, from: string | null, to: string | null): string {
  return CHANGE_CODES[code].sentence.replace('{from}', from ?? '').replace('{to}', to ?? '');
}
