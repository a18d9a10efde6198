/**
 * The Variant A validation result as served (SERVICE-INTERFACE.md "Validation
 * result"): the engine's result without the fields that only the CLI and
 * batch use (`change_codes`, which is Variant B's `changes`, and the final
 * `components`). Pure.
 */
import type { ValidationResult } from './validation-result.js';

/** A Variant A validation result. */
export type VariantAResult = Omit<ValidationResult, 'change_codes' | 'components'>;

/** The served Variant A fields of a validation result. */
export function toVariantAResult(result: ValidationResult): VariantAResult {
  const { change_codes: _codes, components: _components, ...served } = result;
  return served;
}
