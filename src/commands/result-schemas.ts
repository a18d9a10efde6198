/**
 * The schemas of the results the address commands print as JSON, in the order the engine
 * builds them (core/validate/validate.ts, core/validate/geocode.ts, core/views/normalize-result.ts,
 * core/extract/extract.ts), for their compiled serializers (compiled-json.ts). The pieces are the
 * API's (server/schemas.ts); the commands print the engine's objects whole, so their own
 * fields (change_codes, components, candidates) are here too. A result whose keys come in
 * another order is still printed right, by JSON.stringify: the order here only makes it fast.
 */
import { ChangeCode, Components, Geocode, Quality, ReasonCode, StandardizedA, TimeZone, ValidationInput } from '../server/schemas.js';
import { compiledJson } from './compiled-json.js';
import type { CompiledJson, JsonSchema } from './compiled-json.js';

const str = { type: 'string' } as const;
const strOrNull = { type: ['string', 'null'] } as const;
const num = { type: 'number' } as const;
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

/**
 * `schema` with each `anyOf: [X, null]` as X of type [X's type, 'null']: the same values and
 * text, but a compiled anyOf validates the value against each alternative on every call.
 */
export function withoutNullAlternatives(schema: JsonSchema): JsonSchema {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties') out[key] = Object.fromEntries(Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [k, withoutNullAlternatives(v)]));
    else if (key === 'items') out[key] = withoutNullAlternatives(value as JsonSchema);
    else out[key] = value;
  }
  const alternatives = schema.anyOf;
  if (Array.isArray(alternatives) && alternatives.length === 2) {
    const [a, b] = alternatives as JsonSchema[];
    if (a !== undefined && b !== undefined && b.type === 'null' && typeof a.type === 'string' && a.anyOf === undefined) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...withoutNullAlternatives(a), type: [a.type, 'null'] };
    }
  }
  return out;
}
const strings = { type: 'array', items: str } as const;

/** A point as a candidate reading (core/model/validation-result.ts PointCandidate). */
const Candidate = {
  type: 'object',
  properties: { place_id: str, display_address: strOrNull, line1: str, city: strOrNull, state: str, zip5: strOrNull, zip4: strOrNull, lat: num, lon: num, source: str },
  required: ['place_id', 'display_address', 'line1', 'city', 'state', 'zip5', 'zip4', 'lat', 'lon', 'source'],
  additionalProperties: false,
} as const;

/** The engine's validation result (core/model/validation-result.ts ValidationResult), as `addr validate` prints it. */
export const CommandValidationResult = {
  type: 'object',
  properties: {
    id: str,
    status: str,
    validation_status: str,
    confidence: num,
    input: ValidationInput,
    standardized: StandardizedA,
    geocode: nullable(Geocode),
    timezone: nullable(TimeZone),
    match_code: str,
    match_source: str,
    reason_codes: { type: 'array', items: ReasonCode },
    changes: strings,
    change_codes: { type: 'array', items: ChangeCode },
    quality: Quality,
    suggested_address: strOrNull,
    suggested_addresses: strings,
    display_address: strOrNull,
    latency_ms: num,
    data_version: str,
    engine_version: str,
    components: Components,
    candidates: { type: 'array', items: Candidate },
    place_id: strOrNull,
  },
  required: ['id', 'status', 'validation_status', 'confidence', 'input', 'standardized', 'geocode', 'timezone', 'match_code', 'match_source', 'reason_codes',
    'changes', 'change_codes', 'quality', 'suggested_address', 'suggested_addresses', 'display_address', 'latency_ms', 'data_version', 'engine_version', 'components'],
  additionalProperties: false,
} as const;

/** A normalize result (core/views/normalize-result.ts). */
export const CommandNormalizeResult = {
  type: 'object',
  properties: { input: str, components: Components, delivery_line: str, last_line: str, unparsed: strings },
  required: ['input', 'components', 'delivery_line', 'last_line', 'unparsed'],
  additionalProperties: false,
} as const;

/** A geocode result (core/validate/geocode.ts). */
export const CommandGeocodeResult = {
  type: 'object',
  properties: {
    id: str,
    status: str,
    formatted_address: strOrNull,
    standardized: {
      type: 'object',
      properties: { line1: strOrNull, city: strOrNull, state: strOrNull, zip5: strOrNull, zip4: strOrNull },
      required: ['line1', 'city', 'state', 'zip5', 'zip4'],
      additionalProperties: false,
    },
    geocode: nullable(Geocode),
    place_id: strOrNull,
    timezone: nullable(TimeZone),
    match_source: str,
    reason_codes: { type: 'array', items: ReasonCode },
    data_version: str,
    engine_version: str,
    latency_ms: num,
  },
  required: ['id', 'status', 'formatted_address', 'standardized', 'geocode', 'place_id', 'timezone', 'match_source', 'reason_codes', 'data_version', 'engine_version', 'latency_ms'],
  additionalProperties: false,
} as const;

/** An address found by `addr extract` (core/extract/extract.ts ExtractedAddress). */
export const CommandExtractedAddress = {
  type: 'object',
  properties: { text: str, start: num, end: num, line: num, end_line: num, kind: str, result: CommandValidationResult },
  required: ['text', 'start', 'end', 'line', 'end_line', 'kind', 'result'],
  additionalProperties: false,
} as const;

/** The results a command prints. */
export type ResultKind = 'validate' | 'normalize' | 'geocode' | 'extract';

const SCHEMAS: Readonly<Record<ResultKind, JsonSchema>> = {
  validate: CommandValidationResult,
  normalize: CommandNormalizeResult,
  geocode: CommandGeocodeResult,
  extract: CommandExtractedAddress,
};

// Objects of a result that one object literal of core builds, of strings and nulls (core/validate/validate.ts
// inputView, decide; core/validate/geocode.ts): checked as objects only (compiled-json.ts compileShapeCheck).
const LITERAL_OBJECTS: Readonly<Record<ResultKind, ReadonlySet<string>>> = {
  validate: new Set(['input', 'standardized', 'quality']),
  normalize: new Set(),
  geocode: new Set(['standardized']),
  extract: new Set(['result.input', 'result.standardized', 'result.quality']),
};

const compiled: Partial<Record<ResultKind, CompiledJson>> = {};

/** The compiled serializer of a command's results, compiled on first use. */
export function resultJson(kind: ResultKind): CompiledJson {
  return (compiled[kind] ??= compiledJson(withoutNullAlternatives(SCHEMAS[kind]), LITERAL_OBJECTS[kind]));
}
