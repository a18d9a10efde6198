// What a validation result means, in words: the statuses, and each reason and change code
// from the engine's own catalog (src/core/data/reason-codes.json), bundled at build time.
import catalog from '../../src/core/data/reason-codes.json';

export const STATUS_MEANING: Readonly<Record<string, string>> = {
  VALIDATED: 'Every part of the address is consistent and confirmed by the reference data; any change was formatting only.',
  CORRECTED: 'Confirmed after a substantive correction: a ZIP, city or state was added or corrected, or the street repaired.',
  PARTIAL: 'Only part of the address could be confirmed; see the reasons below before mailing to it.',
  NOT_FOUND: 'Nothing could be confirmed: no valid ZIP, city or state, or the text is not an address.',
  ERROR: 'The row could not be validated (empty, no address in the mapped columns, or unreadable).',
};

type Entry = { description?: string; sentence?: string; substantive?: boolean };
const reasons = (catalog as unknown as { reason_codes: Record<string, Entry> }).reason_codes;
const changes = (catalog as unknown as { change_codes?: Record<string, Entry> }).change_codes ?? {};

/** The words of a reason code. */
export function reasonText(code: string): string {
  return reasons[code]?.description ?? changes[code]?.description ?? code;
}

/** Whether a change code is substantive (it makes the status CORRECTED). */
export function isSubstantive(code: string): boolean {
  return changes[code]?.substantive === true;
}
