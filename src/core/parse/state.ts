/**
 * The state of one parse: the token cursor, the components found so far (with what each was as
 * written and the words set aside), where the last line starts, and the gazetteer's answers
 * about the places the words name.
 */
import type { AddressComponents } from '../model/types.js';
import type { Token } from './tokenize.js';
import { directional } from './vocabulary.js';
import { TokenCursor } from './tokens.js';
import { SPELLED_DIRECTIONS } from './words.js';

/** Tells whether a name is a known place (city) in a state; supplied by the locality store. */
export interface PlaceLookup {
  /** Whether `name` is a place in `state` (any state when null) with at least `minZips` ZIPs (default 1). */
  isPlace(name: string, state: string | null, minZips?: number): boolean;
  /** The state of a ZIP, null when unknown. */
  stateOfZip?(zip5: string): string | null;
  /** Whether `name` is a curated alias of a place in `state` ("NYC", "Manhattan" in NY). */
  isAlias?(name: string, state: string | null): boolean;
}

/** What the parser produced: components, what each was as written, and leftovers. */
export interface ParseOutput {
  components: AddressComponents;
  raw: Partial<Record<keyof AddressComponents, string>>;
  unparsed: string[];
}

/** Components with every field null. */
export function emptyComponents(): AddressComponents {
  return {
    number: null, number_fraction: null, predir: null, street: null, suffix: null, postdir: null,
    unit_type: null, unit_number: null, po_box: null, rural_route: null, box: null, box_group_type: null,
    urbanization: null, city: null, state: null, zip5: null, zip4: null,
  };
}

// A city named without a state or ZIP after a street must be a sizeable one ("7 N Wells
// Chicago"): small places share their names with street words ("Lake Cook", "Seven Oaks").
export const MIN_ZIPS_OF_A_BARE_CITY = 3;

/** What each component was as written (ParseOutput.raw). */
type RawForms = Partial<Record<keyof AddressComponents, string>>;

/**
 * The components while a line is parsed: every field present from the start, cross_street too
 * (undefined until an intersection sets it), so that every line's object has one shape and the
 * parser's reads and writes of it stay monomorphic (a field added on some lines made V8's
 * optimized code meet a second shape and deoptimize). output() copies them out.
 */
function workingComponents(): AddressComponents {
  return {
    number: null, number_fraction: null, predir: null, street: null, suffix: null, postdir: null,
    unit_type: null, unit_number: null, po_box: null, rural_route: null, box: null, box_group_type: null,
    urbanization: null, city: null, state: null, zip5: null, zip4: null, cross_street: undefined,
  };
}

/** The written forms while a line is parsed: every field present, undefined until set (see workingComponents). */
function workingRaw(): RawForms {
  return {
    number: undefined, number_fraction: undefined, predir: undefined, street: undefined, suffix: undefined, postdir: undefined,
    unit_type: undefined, unit_number: undefined, po_box: undefined, rural_route: undefined, box: undefined, box_group_type: undefined,
    urbanization: undefined, city: undefined, state: undefined, zip5: undefined, zip4: undefined,
  };
}

/** The components of a parse as the parser returns them: cross_street only for an intersection. */
function outputComponents(w: AddressComponents): AddressComponents {
  const c = emptyComponents();
  c.number = w.number; c.number_fraction = w.number_fraction; c.predir = w.predir; c.street = w.street;
  c.suffix = w.suffix; c.postdir = w.postdir; c.unit_type = w.unit_type; c.unit_number = w.unit_number;
  c.po_box = w.po_box; c.rural_route = w.rural_route; c.box = w.box; c.box_group_type = w.box_group_type;
  c.urbanization = w.urbanization; c.city = w.city; c.state = w.state; c.zip5 = w.zip5; c.zip4 = w.zip4;
  if (w.cross_street !== undefined) c.cross_street = w.cross_street;
  return c;
}

/**
 * The written forms that were set (raw holds strings only, as ParseOutput.raw promises), in one
 * order. The objects made here have many shapes (one per set of fields): the stores meet them
 * here, in a small function, not in the parser's big ones (named stores: a keyed loop over the
 * names cost four times as much).
 */
function outputRaw(w: RawForms): RawForms {
  const r: RawForms = {};
  if (w.number !== undefined) r.number = w.number;
  if (w.number_fraction !== undefined) r.number_fraction = w.number_fraction;
  if (w.predir !== undefined) r.predir = w.predir;
  if (w.street !== undefined) r.street = w.street;
  if (w.suffix !== undefined) r.suffix = w.suffix;
  if (w.postdir !== undefined) r.postdir = w.postdir;
  if (w.unit_type !== undefined) r.unit_type = w.unit_type;
  if (w.unit_number !== undefined) r.unit_number = w.unit_number;
  if (w.po_box !== undefined) r.po_box = w.po_box;
  if (w.rural_route !== undefined) r.rural_route = w.rural_route;
  if (w.box !== undefined) r.box = w.box;
  if (w.box_group_type !== undefined) r.box_group_type = w.box_group_type;
  if (w.urbanization !== undefined) r.urbanization = w.urbanization;
  if (w.city !== undefined) r.city = w.city;
  if (w.state !== undefined) r.state = w.state;
  if (w.zip5 !== undefined) r.zip5 = w.zip5;
  if (w.zip4 !== undefined) r.zip4 = w.zip4;
  return r;
}

export class ParseState extends TokenCursor {
  readonly c = workingComponents();
  readonly raw = workingRaw();
  readonly unparsed: string[] = [];
  /** Index of the first token of the last line (state or ZIP); tokens.length when none. */
  llStart: number;
  /** Index after the last token still to be read (before a trailing country). */
  end: number;
  /** A post-directional found glued to a route number ("60E"). */
  pendingPostdir: string | null = null;
  /** The city's tokens [from, to) when the state code was written before it ("CA LONG BEACH 90807"). */
  cityAfterState: [number, number] | null = null;
  /** A unit written after the last line ("..., IL 62701, Apt 4"): its tokens [from, to). */
  unitAfterLastLine: [number, number] | null = null;
  /** The ZIP whose state placeState last looked up, and that state. */
  private zipOfState: string | null = null;
  private stateOfZip: string | null = null;

  constructor(tokens: Token[], source: string, readonly places: PlaceLookup | null, sourceIsUpper: boolean) {
    super(tokens, source, sourceIsUpper);
    this.end = this.t.length;
    this.llStart = this.end;
  }

  /** The parse's result. */
  output(): ParseOutput {
    return { components: outputComponents(this.c), raw: outputRaw(this.raw), unparsed: this.unparsed };
  }

  /** Whether words right before `to` (from `from` on, up to three) name a place of `state`. */
  placeOfStateBefore(from: number, to: number, state: string): boolean {
    if (this.places === null) return false;
    for (let q = Math.max(from, to - 3); q < to; q++) if (this.places.isPlace(this.text(q, to), state)) return true;
    return false;
  }

  setUnit(code: string, id: string | null, raw: string): void {
    if (this.c.unit_type !== null || this.c.unit_number !== null) {
      // A second designator (building + suite): keep the more specific, the rest is unparsed.
      this.unparsed.push(raw);
      return;
    }
    this.c.unit_type = code;
    this.c.unit_number = id;
    this.raw.unit_type = raw;
  }

  /** Whether [s, b) is a known place in the parsed state (gazetteer), null when no gazetteer. */
  isPlaceSpan(s: number, b: number): boolean | null {
    if (!this.places || s >= b || b - s > 5) return this.places ? false : null;
    const state = this.placeState();
    if (this.places.isPlace(this.text(s, b), state)) return true;
    // "N Palm Beach" is North Palm Beach.
    const dir = SPELLED_DIRECTIONS.get(this.w(s));
    return dir !== undefined && b - s > 1 && this.places.isPlace(`${dir} ${this.text(s + 1, b)}`, state);
  }

  /**
   * The longest known place ending the span [s, e), as [start, end): "Budd Insurance Agency
   * Coldwater" -> Coldwater; failing that, a curated alias ending it ("... Brooklyn NYC" -> NYC). Only a suffix: a place followed by words it does not know is
   * usually its own abbreviation ("Huntingdon Vy", "Bear Creek Twp"), not a place and leftovers.
   * A leading directional stays with the rest: "N Sebastopol" is how the writer names the place.
   */
  knownPlaceWithin(s: number, e: number): [number, number] | null {
    for (let q = s + 1; q < e; q++) {
      if (q === s + 1 && directional(this.w(s)) !== null) continue;
      if (this.isPlaceSpan(q, e)) return [q, e];
    }
    // "Crown Heights Brooklyn NYC": else a curated alias closing the span.
    const state = this.placeState();
    if (this.places?.isAlias !== undefined && e - s > 1) {
      for (let q = Math.max(s + 1, e - 3); q < e; q++) if (this.places.isAlias(this.text(q, e), state)) return [q, e];
    }
    return null;
  }

  /**
   * Where the words [from, j) of a recipient or an urbanization end when they run, with no comma,
   * up to the state: before the place of the state that closes them ("Attn: Lockbox # 402605
   * College Park GA", "Urb Las Lomas Ponce PR": the place is the city); j otherwise. The place
   * starts after `from`'s word.
   */
  beforePlaceClosing(from: number, j: number): number {
    if (j !== this.llStart || j >= this.end || this.placeState() === null) return j;
    const place = this.knownPlaceWithin(from, j);
    return place !== null ? place[0] : j;
  }

  /** The state a place name is looked up in: the parsed one, else the ZIP's. */
  placeState(): string | null {
    if (this.c.state !== null) return this.c.state;
    if (this.c.zip5 === null || !this.places?.stateOfZip) return null;
    // (Asked many times a parse, of the same ZIP.)
    if (this.zipOfState !== this.c.zip5) {
      this.zipOfState = this.c.zip5;
      this.stateOfZip = this.places.stateOfZip(this.c.zip5);
    }
    return this.stateOfZip;
  }

}
