// The checks of the parser's category tables (categories*.test.ts): the components a row names,
// absent ones as null, and the words left unparsed.
import { expect } from 'vitest';
import { normalize } from '../../../src/core/parse/normalize.js';
import type { AddressComponents } from '../../../src/core/model/types.js';
import type { PlaceLookup } from '../../../src/core/parse/parse.js';

export type Expect = Partial<AddressComponents>;

/** The components `expected` names, absent ones as null. */
export function picked(components: AddressComponents, expected: Expect): Record<string, unknown> {
  const got: Record<string, unknown> = {};
  for (const k of Object.keys(expected)) got[k] = components[k as keyof AddressComponents] ?? null;
  return got;
}

/** The components of `input` that `expected` names are those (fields not listed are not checked). */
export function check(input: string, expected: Expect): void {
  const r = normalize(input);
  expect(picked(r.components, expected), `${input} -> ${JSON.stringify(r.components)}`).toEqual(expected);
}

/** check, and the words left unparsed (upper case), with the gazetteer `places` when given. */
export function checkWithUnparsed(input: string, expected: Expect, unparsed: string[], places?: PlaceLookup): void {
  const r = normalize(input, places === undefined ? {} : { places });
  expect(picked(r.components, expected), `${input} -> ${JSON.stringify(r.components)}`).toEqual(expected);
  expect(r.unparsed.map((u) => u.toUpperCase())).toEqual(unparsed);
}
