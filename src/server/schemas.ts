/**
 * The JSON Schemas of addr serve: request schemas that fastify validates, and
 * response schemas that the OpenAPI document publishes (tests validate real
 * responses against them). Written once here; the document names each object
 * below as a component (src/server/openapi-document.ts finds them by identity).
 * Plain JSON Schema that reads the same in draft-07 (fastify's ajv) and 2020-12
 * (OpenAPI 3.1): `type: [T, 'null']` for nullable fields, no `nullable`.
 */
import { NormalizeRequest, StructuredAddress, ValidateOptions, ValidateRequest, ValidationInput } from './schemas/address-schemas.js';
import { ChangeCode, Geocode, Quality, ReasonCode, StandardizedA, StandardizedB, TimeZone, ValidationResultA, ValidationResultB } from './schemas/result-schemas.js';
import { Components, GeocodeRequest, GeocodeResult, NormalizeResult } from './schemas/normalize-schemas.js';
import { ErrorBody, Health, Limits } from './schemas/service-schemas.js';
import { PlaceAddress, PlaceDetails, ReverseLocality, ReversePlace, ReverseRequest, ReverseResult, SuggestResult, Suggestion } from './schemas/place-schemas.js';
import { ExtractRequest, ExtractResult, ExtractedAddress } from './schemas/extract-schemas.js';

export { StructuredAddress, ValidateOptions, ValidateRequest, NormalizeRequest, ValidationInput } from './schemas/address-schemas.js';
export { StandardizedA, StandardizedB, Geocode, TimeZone, ReasonCode, ChangeCode, Quality, ValidationResultA, ValidationResultB } from './schemas/result-schemas.js';
export { Components, NormalizeResult, GeocodeRequest, GeocodeResult } from './schemas/normalize-schemas.js';
export { Limits, ErrorBody, Health } from './schemas/service-schemas.js';
export { PlaceAddress, ReversePlace, ReverseLocality, ReverseRequest, ReverseResult, Suggestion, SuggestResult, PlaceDetails } from './schemas/place-schemas.js';
export { ExtractRequest, ExtractedAddress, ExtractResult } from './schemas/extract-schemas.js';
/** Every named schema, for the OpenAPI document's components. */
export const COMPONENT_SCHEMAS: Readonly<Record<string, object>> = {
  StructuredAddress, ValidateOptions, ValidateRequest, NormalizeRequest, ValidationInput, StandardizedA, StandardizedB, Geocode, TimeZone, ReasonCode,
  ChangeCode, Quality, ValidationResultA, ValidationResultB, Components, NormalizeResult, GeocodeRequest, GeocodeResult, Limits, ErrorBody, Health,
  PlaceAddress, ReversePlace, ReverseLocality, ReverseRequest, ReverseResult, Suggestion, SuggestResult, PlaceDetails, ExtractRequest, ExtractedAddress,
  ExtractResult,
};

