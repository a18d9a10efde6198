// The validation codes are documented in one catalog (src/core/data/reason-codes.json)
// and on one page (docs/validation.md): this keeps the catalog, the page, the
// confidence table and the code in step (STYLE.md §D, like test/errors.test.ts).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHANGE_CODES, REASON_CODES } from '../../src/core/model/reason-codes.js';
import { CONFIDENCE_TABLE } from '../../src/core/validate/score-confidence.js';
import { CITY_CENTROID_ACCURACY_M, ZIP_CENTROID_ACCURACY_M } from '../../src/core/locality/locality.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DOC = readFileSync(join(ROOT, 'docs', 'validation.md'), 'utf8');

/** The codes in the first column of the tables of one `## heading` section. */
function documentedCodes(heading: string): string[] {
  const start = DOC.indexOf(`\n## ${heading}\n`);
  expect(start, `docs/validation.md has a "## ${heading}" section`).toBeGreaterThanOrEqual(0);
  const end = DOC.indexOf('\n## ', start + 1);
  const section = DOC.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1] as string);
}

const reasonCodes = Object.keys(REASON_CODES).sort();
const changeCodes = Object.keys(CHANGE_CODES).sort();
const STATUSES = ['VALIDATED', 'CORRECTED', 'PARTIAL', 'NOT_FOUND'];
const GEOCODE_QUALITIES = ['ROOFTOP', 'STREET', 'RANGE_INTERPOLATED', 'ZIP_CENTROID', 'CITY_CENTROID'];
const ENGINES = ['LOCALITY_ENGINE', 'POINTS_ENGINE', 'RANGES_ENGINE'];

describe('docs/validation.md and the catalog agree', () => {
  it('documents exactly the catalog reason codes', () => {
    expect(documentedCodes('Reason codes').sort()).toEqual(reasonCodes);
  });

  it('documents exactly the catalog change codes', () => {
    expect(documentedCodes('Change codes').sort()).toEqual(changeCodes);
  });

  it('documents every status, deliverability and geocode quality', () => {
    expect(documentedCodes('Status').sort()).toEqual([...STATUSES].sort());
    expect(documentedCodes('Deliverability').sort()).toEqual(['D', 'N', 'U']);
    expect(documentedCodes('Geocode').sort()).toEqual([...GEOCODE_QUALITIES].sort());
  });

  it('states the accuracy of each centroid geocode', () => {
    expect(DOC).toMatch(new RegExp(`\\| \`ZIP_CENTROID\` \\| ${ZIP_CENTROID_ACCURACY_M} \\|`));
    expect(DOC).toMatch(new RegExp(`\\| \`CITY_CENTROID\` \\| ${CITY_CENTROID_ACCURACY_M} \\|`));
  });

  it('every catalog entry is complete', () => {
    for (const [code, v] of Object.entries(REASON_CODES)) {
      expect(v.description, code).not.toBe('');
      expect(v.effect, code).not.toBe('');
      expect(['locality', 'points', 'ranges', 'street'], code).toContain(v.layer);
    }
    for (const [code, v] of Object.entries(CHANGE_CODES)) {
      expect(v.sentence, code).toMatch(/\.$/);
      expect(['locality', 'points', 'ranges', 'street'], code).toContain(v.layer);
    }
  });
});

describe('the confidence table covers the catalog', () => {
  it('has a penalty for every reason code and nothing else', () => {
    expect(Object.keys(CONFIDENCE_TABLE.reason_penalty).sort()).toEqual(reasonCodes);
  });

  it('has a penalty for every change code and nothing else', () => {
    expect(Object.keys(CONFIDENCE_TABLE.change_penalty).sort()).toEqual(changeCodes);
  });

  it('names only catalog codes in its interactions', () => {
    const known = new Set([...reasonCodes, ...changeCodes]);
    for (const i of CONFIDENCE_TABLE.interactions) {
      for (const code of [...i.all, ...i.any]) expect(known.has(code), code).toBe(true);
      expect(i.penalty).toBeGreaterThan(0);
    }
  });

  it('is the penalty column of docs/validation.md', () => {
    const penalties = { ...CONFIDENCE_TABLE.reason_penalty, ...CONFIDENCE_TABLE.change_penalty } as Record<string, number>;
    for (const [code, penalty] of Object.entries(penalties)) {
      const row = DOC.split('\n').find((line) => line.startsWith(`| \`${code}\` |`));
      expect(row?.match(/\| ([0-9.]+)[^|]*\|$/)?.[1], code).toBe(String(penalty));
    }
  });

  it('caps PARTIAL and NOT_FOUND below the 0.9 calibration line', () => {
    expect(CONFIDENCE_TABLE.status_cap.PARTIAL).toBeLessThan(0.9);
    expect(CONFIDENCE_TABLE.status_cap.NOT_FOUND).toBeLessThan(0.9);
  });
});

describe('every code the validation code uses is catalogued and documented', () => {
  // The modules of validation; a code-like literal (CAPS_WITH_UNDERSCORE) in them must be
  // a catalog code, a status, a geocode quality or an engine name, and on the page.
  const CORE = join(ROOT, 'src', 'core');
  // Every module of the layers that decide (docs/architecture.md, "The core, by capability").
  const pick = (dir: string): string[] => readdirSync(join(CORE, dir)).filter((f) => f.endsWith('.ts')).map((f) => join(dir, f));
  const files = [...['locality', 'points', 'ranges', 'validate'].flatMap(pick), join('model', 'findings.ts')];
  const known = new Set([...reasonCodes, ...changeCodes, ...STATUSES, ...GEOCODE_QUALITIES, ...ENGINES]);

  it('finds the modules', () => {
    expect(files).toEqual(expect.arrayContaining([join('validate', 'validate.ts'), join('locality', 'resolve-locality.ts'), join('locality', 'resolve-military.ts'), join('locality', 'match-city.ts'), join('ranges', 'match-range.ts'), join('points', 'match-point.ts')]));
  });

  it.each(files)('%s', (file) => {
    const text = readFileSync(join(CORE, file), 'utf8');
    const literals = [...text.matchAll(/'([A-Z][A-Z0-9]*_[A-Z0-9_]+)'/g)].map((m) => m[1] as string);
    for (const code of literals) {
      expect(known.has(code), `${file}: '${code}' is not a catalogued code`).toBe(true);
      expect(DOC.includes(`\`${code}\``), `${file}: '${code}' is not in docs/validation.md`).toBe(true);
    }
  });
});
