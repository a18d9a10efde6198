/**
 * The address parser: tokens in, Pub 28 components out, in stages over one parse state
 * (state.ts, tokens.ts). The commonest street line is read at once (simple-street.ts); any other
 * line has its last line read from the right (last-line.ts: country, phone, ZIP, state), then
 * the start of its delivery line found (delivery-start.ts, spanish-order.ts), the delivery line
 * read from the left (delivery.ts, house-number.ts, street.ts, street-name.ts, highway.ts,
 * units.ts) and what lies between given to the city (city.ts). Every stage is a bounded scan, so
 * the whole parse is linear in the number of tokens; it never throws.
 */
import type { Token } from './tokenize.js';
import { readCity } from './city.js';
import { readDelivery } from './delivery.js';
import { findDeliveryStart, readWithoutNumber } from './delivery-start.js';
import { dropCountry, readLastLine } from './last-line.js';
import { simpleStreet } from './simple-street.js';
import { readNumberAfterStreet } from './spanish-order.js';
import { ParseState } from './state.js';
import type { ParseOutput, PlaceLookup } from './state.js';
import { readUnits } from './units.js';
import { JOINING_WORDS } from './words.js';

export { emptyComponents } from './state.js';
export type { ParseOutput, PlaceLookup } from './state.js';

function run(st: ParseState, quick: boolean): ParseOutput {
  if (quick && simpleStreet(st)) return st.output();
  dropCountry(st);
  readLastLine(st);
  let cityFrom = readNumberAfterStreet(st);
  if (cityFrom < 0) {
    const start = findDeliveryStart(st);
    cityFrom = start >= 0 ? readDelivery(st, start) : readWithoutNumber(st);
  }
  readCity(st, cityFrom);
  if (st.unitAfterLastLine !== null) {
    const [from, to] = st.unitAfterLastLine;
    if (st.c.unit_type === null && st.c.unit_number === null) readUnits(st, from, to);
    else st.unparsed.push(st.rawOf(from, to));
  }
  dropEmptyStreets(st);
  return st.output();
}

/** Whether every word of `street` (words joined by single spaces) is a joining word. */
function onlyJoiningWords(street: string): boolean {
  let from = 0;
  for (;;) {
    const space = street.indexOf(' ', from);
    if (!JOINING_WORDS.has(space < 0 ? street.slice(from) : street.slice(from, space))) return false;
    if (space < 0) return true;
    from = space + 1;
  }
}

/** A "street" made only of joining words ("&", "and") is no street; an empty cross street is none. */
function dropEmptyStreets(st: ParseState): void {
  const c = st.c;
  if (c.street !== null && onlyJoiningWords(c.street)) {
    st.unparsed.push(c.street);
    c.street = null;
  }
  const x = c.cross_street;
  if (x && x.street === null && x.suffix === null) c.cross_street = undefined; // (output() leaves it out)
}

/** Parses tokens into components; never throws. `quick` lets the commonest street line be read at once. */
export function parseTokens(tokens: Token[], source: string, places: PlaceLookup | null = null, sourceIsUpper = false, quick = true): ParseOutput {
  return run(new ParseState(tokens, source, places, sourceIsUpper), quick);
}
