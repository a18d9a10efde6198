// What every bundle of scripts/bundles.ts must be (its launcher runs it only then, and as a script):
// at least as new as the tsc-built module it stands for, requiring no module of the project, with
// no import() (a script cannot without an experimental loader) and no import.meta (each module's is
// __addrModuleUrl of its own file, src/bundle/load-bundle.ts).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { expect } from 'vitest';

/** The text of the bundle at `bundle` (a path or file URL), checked as above against `builtFrom`. */
export function bundleText(bundle: string | URL, builtFrom: string | URL): string {
  expect(existsSync(bundle)).toBe(true);
  expect(statSync(bundle).mtimeMs).toBeGreaterThanOrEqual(statSync(builtFrom).mtimeMs);
  const text = readFileSync(bundle, 'utf8');
  expect(text).not.toMatch(/require\("\.{1,2}\//); // no module of the project is required
  expect(text).not.toMatch(/\bimport\(/);
  expect(text).not.toContain('import.meta');
  return text;
}
