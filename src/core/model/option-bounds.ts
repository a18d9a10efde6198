/**
 * Checks of numeric options of engine calls (limits of reverse and
 * autocomplete), with a typed error that names the option.
 */
import { AddrError } from './errors.js';

/** `value` when it is a whole number from 1 to `max`; else throws ADDR_ERR_INPUT_INVALID naming the option. */
export function checkLimit(name: string, value: number, max: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    throw new AddrError('ADDR_ERR_INPUT_INVALID', [`${name} must be a whole number from 1 to ${max}, not ${String(value)}.`]);
  }
  return value;
}
