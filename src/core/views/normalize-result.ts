/**
 * The normalize result as every face prints it (`addr normalize`, POST /v1/normalize, the
 * contract of docs/parser.md): the parser's result without its working fields (`raw`,
 * `input_kind`), in a fixed key order. Pure.
 */
import type { NormalizeResult, ParsedAddress } from '../model/types.js';

/** The printed fields of a parsed address. */
export function toNormalizeResult(parsed: ParsedAddress): NormalizeResult {
  const { input, components, delivery_line, last_line, unparsed } = parsed;
  return { input, components, delivery_line, last_line, unparsed };
}
