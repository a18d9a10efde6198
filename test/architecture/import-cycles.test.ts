/**
 * No import cycles in src/ (docs/architecture.md, "Layers"): the static imports of every module
 * (type-only imports included, as they still tie two modules' designs together) form a graph
 * without a cycle. Dynamic import() is not counted: it is how a face loads a command lazily.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = join(ROOT, 'src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The relative modules a source imports statically (import ... from, export ... from, import '...'). */
export function importsOf(text: string, file: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s(?:[^;']*?\sfrom\s+)?'(\.[^']+)'/gms)) {
    found.push(resolve(dirname(file), (m[1] as string).replace(/\.js$/, '.ts')));
  }
  return found;
}

/** Every elementary cycle's first occurrence found by depth-first search, as lists of modules. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      const s = state.get(next);
      if (s === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (s === undefined) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('import cycles', () => {
  it('finds a cycle when there is one (the checker can fail)', () => {
    const graph = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(importsOf("import type { X } from './x.js';\nexport { y } from '../y.js';\nimport z from 'node:fs';\nimport './w.js';\nimport {\n  a,\n  b,\n} from './v.js';", '/p/q/f.ts'))
      .toEqual(['/p/q/x.ts', '/p/y.ts', '/p/q/w.ts', '/p/q/v.ts']);
  });

  it('src/ has none', () => {
    const graph = new Map<string, string[]>();
    for (const file of sources(SRC)) graph.set(file, importsOf(readFileSync(file, 'utf8'), file));
    const cycles = findCycles(graph).map((c) => c.map((f) => relative(SRC, f)).join(' -> '));
    expect(cycles).toEqual([]);
  });
});
