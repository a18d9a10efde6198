// Helpers of the address-range tests: the TIGER/Line sample county (fixtures/tiger).
import { fileURLToPath } from 'node:url';

/** The Meagher County, MT ADDRFEAT zip as the Census Bureau ships it (public domain). */
export const MEAGHER_ZIP = fileURLToPath(new URL('../../fixtures/tiger/tl_2021_30059_addrfeat.zip', import.meta.url));
