/** Every endpoint of addr serve, in the order the OpenAPI document lists them. */
import type { RouteSpec } from '../route-spec.js';
import { accountGet } from './account.js';
import { autocompleteGet, detailsGet, suggestGet } from './autocomplete.js';
import { extractPost } from './extract.js';
import { geocodePost } from './geocode.js';
import { healthzGet } from './healthz.js';
import { normalizePost } from './normalize.js';
import { openapiGet } from './openapi.js';
import { reversePost } from './reverse.js';
import { SPREADSHEET_ROUTES } from './spreadsheets.js';
import { validateGet, validatePost } from './validate.js';

/** The routes. */
export const ROUTES: readonly RouteSpec[] = [
  validatePost,
  validateGet,
  normalizePost,
  geocodePost,
  reversePost,
  autocompleteGet,
  suggestGet,
  detailsGet,
  extractPost,
  ...SPREADSHEET_ROUTES,
  accountGet,
  healthzGet,
  openapiGet,
];
