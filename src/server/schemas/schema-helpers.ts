/** Small builders and shared fields of the schemas (src/server/schemas.ts says how the schemas are written). */
import { CHANGE_CODES, REASON_CODES } from '../../core/model/reason-codes.js';

export const nullableString = (description: string, maxLength?: number) => ({
  type: ['string', 'null'],
  description,
  ...(maxLength === undefined ? {} : { maxLength }),
});
export const string = (description: string) => ({ type: 'string', description });

export const REASON_CODE_LIST = Object.keys(REASON_CODES);
export const CHANGE_CODE_LIST = Object.keys(CHANGE_CODES);


export const confidence = { type: 'number', minimum: 0, maximum: 1, description: 'Calibrated match confidence.' };
export const latency = { type: 'number', minimum: 0, description: 'Latency measured by the API route, in milliseconds.' };
export const requestId = string('Request identifier; the same as the x-request-id header.');
