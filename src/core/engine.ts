/**
 * The engine: one object over the reference ports that every face (CLI
 * commands, `addr batch`, `addr serve`, the library) calls, so that they all
 * answer the same way. Pure: it is built from ports (core/model/ports.ts) and never
 * opens a file; src/store/open-engine.ts builds it over the SQLite stores.
 *
 * Each capability lives in its own core module (validate.ts, normalize.ts, and
 * the point-layer and extraction modules); this file only wires them together.
 */
import { createExtractor, extractAddresses } from './extract/extract.js';
import type { ExtractDeps, ExtractedAddress, ExtractOptions, Extractor } from './extract/extract.js';
import { geocodeOf } from './validate/geocode.js';
import type { GeocodeResult } from './validate/geocode.js';
import { createNormalizer, normalize } from './parse/normalize.js';
import type { PlaceLookup } from './parse/parse.js';
import { placeLookup } from './locality/place-lookup.js';
import { placeDetails } from './suggest/place-details.js';
import type { DetailsOptions, PlaceDetails } from './suggest/place-details.js';
import type { HtmlParserClass, LocalityNames, LocalityStore, PointSearch, PointStore, ZipLocator } from './model/ports.js';
import { reverseGeocode } from './suggest/reverse.js';
import type { ReverseOptions, ReverseResult } from './suggest/reverse.js';
import { suggestAddresses } from './suggest/suggest.js';
import type { SuggestOptions, SuggestResult } from './suggest/suggest.js';
import { pointSearchWithRangeZips, pointStoreWithRangeZips, pointZipFromRanges } from './ranges/point-range-zip.js';
import type { RangeStore } from './ranges/range-store.js';
import { rangePlaces } from './ranges/reverse-range.js';
import type { AddressInput, ParsedAddress } from './model/types.js';
import { assessAddress, validateAddress } from './validate/validate.js';
import type { Assessment } from './validate/validate.js';
import type { ValidationResult } from './model/validation-result.js';

/** The reference data an engine answers from. */
export interface EnginePorts {
  locality: LocalityStore;
  points?: PointStore; // imported address points (addr data import), when there are any
  ranges?: RangeStore; // imported TIGER/Line address ranges (addr data import of ADDRFEAT files), when there are any
  zips?: ZipLocator; // nearest ZIP by position (the locality layer's; reverse geocoding without point coverage)
  pointSearch?: PointSearch; // type-ahead over the points (autocomplete)
  names?: LocalityNames; // city and ZIP names by prefix (autocomplete without point matches)
  html?: () => HtmlParserClass; // htmlparser2's Parser, loaded when first called (extraction of HTML); without it HTML is refused
  clock?: () => number; // the wall clock (Date.now): the instant of a call's time zones (UTC offset, DST) when the call gives none
}

function noHtmlParser(): never {
  throw new Error('this engine was built without an HTML parser (EnginePorts.html): it cannot read HTML');
}

/** Per-call options a face passes in: the request id and the clock (core has neither). */
export interface CallOptions {
  requestId?: string; // becomes the result's `id`
  startedAt?: number; // when the face received the request, on the `now` clock
  now?: () => number; // a millisecond clock (performance.now); without it latency_ms is 0
  at?: number; // the time of the request (epoch ms), for the time zones' UTC offset and DST; default: the ports' clock
}

/** Options of Engine.validate. */
export interface ValidateCallOptions extends CallOptions {
  candidates?: number; // with address points: up to this many other readings in `candidates`
}

/** Options of one extraction: what to report, and the call's id and clock. */
export interface ExtractCallOptions extends ExtractOptions, CallOptions {}

export type { ExtractedAddress, ExtractOptions, Extractor };

/** What every face calls. */
export interface Engine {
  readonly ports: EnginePorts;
  /** Parses and standardizes one address (docs/parser.md, Components), with the locality gazetteer. */
  normalize(input: AddressInput): ParsedAddress;
  /** Validates one address (docs/validation.md) at the finest layer that covers it. */
  validate(input: AddressInput, options?: ValidateCallOptions): ValidationResult;
  /** The same decision without the result's views (input as written, display address...): what a spreadsheet row carries. */
  assess(input: AddressInput, at?: number): Assessment;
  /** Geocodes one address: ROOFTOP from a point, else STREET, else ZIP_CENTROID or CITY_CENTROID (core/validate/geocode.ts). */
  geocode(input: AddressInput, options?: CallOptions): GeocodeResult;
  /**
   * Finds and validates every U.S. address in a text, plain or HTML (options.input, default: HTML
   * when it looks like HTML). Offsets are string indexes into `text` (UTF-16 code units):
   * text.slice(start, end) is each address, in the HTML itself for HTML. With `requestId`, the
   * results' ids are `<requestId>-1`, `<requestId>-2`, ...
   */
  extract(text: string, options?: ExtractCallOptions): ExtractedAddress[];
  /** The same over a plain text given in chunks (a large file or a stream), in bounded memory. */
  extractor(options?: ExtractCallOptions): Extractor;
  /** The address points nearest a position, or the nearest ZIP without coverage (core/suggest/reverse.ts). */
  reverse(lat: number, lon: number, options?: ReverseOptions): ReverseResult;
  /** Suggestions for a query being typed, over the points, else city and ZIP names (core/suggest/suggest.ts). */
  suggest(query: string, options?: SuggestOptions): SuggestResult;
  /** The full record of a suggestion by its place_id (core/suggest/place-details.ts); throws ADDR_ERR_PLACE_NOT_FOUND. */
  details(placeId: string, options?: DetailsOptions): PlaceDetails;
}

export type { Assessment, DetailsOptions, GeocodeResult, PlaceDetails, ReverseOptions, ReverseResult, SuggestOptions, SuggestResult };

/**
 * The ports the engine reads: with ranges loaded, the points whose ZIP the importer inferred carry
 * the ZIP of the range side they lie on (ranges/point-range-zip.ts), in validation, reverse,
 * autocomplete and details alike.
 */
function withRangeZips(ports: EnginePorts): EnginePorts {
  if (ports.ranges === undefined || (ports.points === undefined && ports.pointSearch === undefined)) return ports;
  const fix = pointZipFromRanges(ports.ranges, ports.locality);
  return {
    ...ports,
    ...(ports.points !== undefined ? { points: pointStoreWithRangeZips(ports.points, fix) } : {}),
    ...(ports.pointSearch !== undefined ? { pointSearch: pointSearchWithRangeZips(ports.pointSearch, fix) } : {}),
  };
}

/** An engine over the given ports. */
export function createEngine(given: EnginePorts): Engine {
  const ports = withRangeZips(given);
  const places: PlaceLookup = placeLookup(ports.locality);
  // Structured input (addr batch rows, API bodies) repeats its city, state and ZIP fields: their
  // reading is remembered by this engine's normalizer.
  const normalizeInput = createNormalizer(places);
  const deps: ExtractDeps = {
    normalize: (text) => normalize(text, { places }),
    validate: (parsed, options) => validateAddress(parsed, ports.locality, options, ports.points ?? null, ports.ranges ?? null),
    locality: ports.locality,
    places,
    htmlParser: ports.html ?? noHtmlParser,
  };
  // Each address found is one validation: it gets an id of its own under the call's id.
  const numbered = (requestId: string | undefined) => {
    let count = 0;
    return (found: ExtractedAddress[]): ExtractedAddress[] => {
      for (const f of found) f.result.id = requestId === undefined ? '' : `${requestId}-${++count}`;
      return found;
    };
  };
  // The call's options with the time of the request, from the ports' clock when the call gives none.
  const timed = <O extends CallOptions>(options: O): O => (options.at !== undefined || ports.clock === undefined ? options : { ...options, at: ports.clock() });
  const extractor = (options: ExtractCallOptions = {}): Extractor => {
    const { aggressive, requestId, input: _input, ...clock } = timed(options);
    const inner = createExtractor(deps, { aggressive: aggressive === true }, clock);
    const number = numbered(requestId);
    return { push: (chunk) => number(inner.push(chunk)), end: () => number(inner.end()) };
  };
  const dataVersion = (): string => [ports.locality.dataVersion(), ports.points?.dataVersion(), ports.ranges?.dataVersion()].filter((v) => v !== undefined).join('+');
  return {
    ports: given,
    normalize: normalizeInput,
    // The time of the request passed beside the options, not spread into a copy of them per call.
    validate: (input, options = {}) => validateAddress(normalizeInput(input), ports.locality, options, ports.points ?? null, ports.ranges ?? null, options.at ?? ports.clock?.()),
    assess: (input, at = ports.clock?.()) => assessAddress(normalizeInput(input), ports.locality, ports.points ?? null, ports.ranges ?? null, at),
    geocode: (input, options = {}) => geocodeOf(validateAddress(normalizeInput(input), ports.locality, options, ports.points ?? null, ports.ranges ?? null, options.at ?? ports.clock?.())),
    extract: (text, options = {}) => {
      const { aggressive, input, requestId, ...clock } = timed(options);
      return numbered(requestId)(extractAddresses(text, deps, { aggressive: aggressive === true, input: input ?? 'auto' }, clock));
    },
    extractor,
    reverse: (lat, lon, options = {}) => reverseGeocode(lat, lon, options, {
      points: ports.pointSearch ?? ports.points ?? null, zips: ports.zips ?? null, dataVersion: dataVersion(),
      ranges: ports.ranges !== undefined ? (y, x, limit, max) => rangePlaces(y, x, limit, max, ports.ranges as RangeStore, ports.locality) : null,
    }),
    suggest: (query, options = {}) => suggestAddresses(query, options, {
      search: ports.pointSearch ?? null, names: ports.names ?? null, dataVersion: dataVersion(),
      ranges: ports.ranges !== undefined ? { ranges: ports.ranges, locality: ports.locality, names: ports.names ?? null } : null,
    }),
    details: (placeId, options = {}) => placeDetails(placeId, options, {
      locality: ports.locality, points: ports.points ?? null, search: ports.pointSearch ?? null, ranges: ports.ranges ?? null, dataVersion: dataVersion(),
    }),
  };
}
