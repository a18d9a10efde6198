/**
 * The Variant A validation result as served (docs/validation.md): the
 * engine's result without the fields that only the CLI and batch use (`change_codes`, which is Variant B's `changes`, the final
 * `components`, and the `candidates` only `addr validate --candidates` asks for). Pure.
 */
import type { ValidationResult } from '../model/validation-result.js';

/** A Variant A validation result. */
export type VariantAResult = Omit<ValidationResult, 'change_codes' | 'components' | 'candidates'>;

/** The served Variant A fields of a validation result. */
export function toVariantAResult(result: ValidationResult): VariantAResult {
  const { change_codes: _codes, components: _components, candidates: _candidates, ...served } = result;
  return served;
}
