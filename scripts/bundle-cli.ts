/**
 * Bundles the command line's hot path into one script, dist/src/commands/program.bundle.cjs, which
 * bin/addr.ts runs with V8's code cache when it is as new as the tsc build (else it loads
 * program.js as before). Run by `npm run build` after tsc, and by test/global-setup.ts after its
 * tsc.
 *
 * Why: a process that validates one address spent more time resolving, reading, linking and
 * compiling ~125 small modules than doing the work (docs/performance.md, cold start). The bundle
 * holds the program and the commands of one address or a stream of them (normalize, validate,
 * geocode and their streaming run); every other command (batch, serve, data, extract, ...) stays
 * the tsc build's own module, imported from the bundle when run, so the worker threads, the
 * server's processes and every `import.meta.url`-relative path of those commands are untouched.
 * Packages in node_modules and Node's modules stay requires. The bundle sits beside program.js,
 * so the `import.meta.url`-relative paths of the code it holds (the line workers of line-run.ts,
 * the package root of data-location.ts) resolve as from the tsc build.
 *
 * It is a CommonJS script, not a module, because only a script can be compiled with a code cache
 * on Node 20 (vm.Script cachedData): the launcher writes the cache after a run that found none
 * (program.bundle.cache), and this script makes the first one by running `addr normalize` once.
 * A script's `import()` would need an experimental loader, so the bundle's imports of the other
 * commands call `__addrImport`, which the launcher passes in.
 *
 *   node dist/scripts/bundle-cli.js
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { BUNDLED_COMMANDS } from '../src/commands/bundled-commands.js';
import { defaultLocalityDbPath } from '../src/store/data-location.js';

const COMMANDS = fileURLToPath(new URL('../src/commands/', import.meta.url));
const ENTRY = join(COMMANDS, 'program.js');
const LAUNCHER = fileURLToPath(new URL('../bin/addr.js', import.meta.url));
export const BUNDLE = join(COMMANDS, 'program.bundle.cjs');
export const CODE_CACHE = join(COMMANDS, 'program.bundle.cache');

/** What the bundle calls instead of `import()` (bin/addr.ts passes it in). */
export const IMPORT_FUNCTION = '__addrImport';

/** The modules of program.js's dynamic imports that the bundle holds; the other commands stay apart. */
const HELD = new Set(BUNDLED_COMMANDS.map((command) => join(COMMANDS, `${command}.js`)));

/** Whether an import stays an import of the tsc build's module: a command's module, or the PostgreSQL store. */
function keptApart(path: string, importer: string, dynamic: boolean): boolean {
  if (!dynamic) return false;
  if (importer === ENTRY) return !HELD.has(path);
  return path.endsWith('/accounts-pg.js'); // loaded only with --accounts-url (store/open-accounts.ts)
}

// A dynamic import of a module kept apart, as rolldown writes it (a relative specifier).
const DYNAMIC_IMPORT = /\bimport\((?="\.{1,2}\/)/g;

/** Writes the bundle and its first code cache; returns the bundle's path. */
export async function bundleCli(): Promise<string> {
  if (!existsSync(ENTRY)) throw new Error(`bundle-cli: ${ENTRY} is missing: run tsc first`);
  rmSync(BUNDLE, { force: true });
  rmSync(CODE_CACHE, { force: true }); // a cache is only ever of the bundle it was made from
  const bundle = await rolldown({
    input: ENTRY,
    platform: 'node',
    logLevel: 'warn',
    plugins: [{
      name: 'addr-keep-commands-apart',
      resolveId(source, importer, extra) {
        if (importer === undefined) return null;
        if (!source.startsWith('.') && !isAbsolute(source)) return { id: source, external: true }; // node: and packages
        const path = resolve(dirname(importer), source);
        if (!keptApart(path, importer, extra.kind === 'dynamic-import')) return null;
        const fromBundle = relative(COMMANDS, path);
        return { id: fromBundle.startsWith('.') ? fromBundle : `./${fromBundle}`, external: true };
      },
    }],
  });
  let code: string;
  try {
    const { output } = await bundle.generate({ format: 'cjs', codeSplitting: false, comments: false });
    if (output.length !== 1 || output[0].type !== 'chunk') throw new Error('bundle-cli: expected one chunk');
    code = output[0].code;
  } finally {
    await bundle.close();
  }
  const rewritten = code.replace(DYNAMIC_IMPORT, `${IMPORT_FUNCTION}(`);
  if (/\bimport\(/.test(rewritten)) throw new Error('bundle-cli: an import() the launcher could not serve is left in the bundle');
  writeFileSync(BUNDLE, rewritten);
  // The first run writes the code cache (bin/addr.ts): one that validates an address compiles the
  // parser and the validation (normalize without the locality database, which `npm run build`
  // builds first); its usage is recorded in a scratch data directory, not the user's.
  const data = mkdtempSync(join(tmpdir(), 'addr-bundle-'));
  try {
    const command = existsSync(defaultLocalityDbPath()) ? 'validate' : 'normalize';
    const { ADDR_REFERENCE_DB: _reference, ...inherited } = process.env;
    const env = { ...inherited, ADDR_DATA_DIR: data };
    const run = spawnSync(process.execPath, [LAUNCHER, command, '1 Main St, Springfield, IL 62701'], { stdio: 'ignore', env, timeout: 60_000 });
    if (run.status !== 0 || !existsSync(CODE_CACHE)) process.stderr.write('bundle-cli: no code cache was written (the first run of addr will write it)\n');
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
  return BUNDLE;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const started = performance.now();
  const path = await bundleCli();
  process.stderr.write(`bundle-cli: ${relative(process.cwd(), path)} in ${Math.round(performance.now() - started)} ms\n`);
}
