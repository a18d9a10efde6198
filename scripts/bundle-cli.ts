/**
 * Bundles the command line's hot path into one file, dist/src/commands/program.bundle.js, which
 * bin/addr.ts loads when it is as new as the tsc build (else it loads program.js as before). Run
 * by `npm run build` after tsc, and by test/global-setup.ts after its tsc.
 *
 * Why: a process that validates one address spent more time resolving, reading and linking
 * ~125 small modules than doing the work (docs/performance.md, cold start). The bundle holds the
 * program and the commands of one address or a stream of them (normalize, validate, geocode and
 * their streaming run); every other command (batch, serve, data, extract, ...) stays the tsc
 * build's own module, imported from the bundle when run, so the worker threads, the server's
 * processes and every `import.meta.url`-relative path of those commands are untouched. Packages
 * in node_modules and Node's modules stay imports. The bundle sits beside program.js, so the
 * `import.meta.url`-relative paths of the code it holds (the line workers of line-run.ts, the
 * package root of data-location.ts) resolve as from the tsc build.
 *
 *   node dist/scripts/bundle-cli.js
 */
import { existsSync, rmSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';

const COMMANDS = fileURLToPath(new URL('../src/commands/', import.meta.url));
const ENTRY = join(COMMANDS, 'program.js');
export const BUNDLE = join(COMMANDS, 'program.bundle.js');

/** The modules of program.js's dynamic imports that the bundle holds; the other commands stay apart. */
const HELD = new Set(['validate.js', 'normalize.js', 'geocode.js'].map((f) => join(COMMANDS, f)));

/** Whether an import stays an import of the tsc build's module: a command's module, or the PostgreSQL store. */
function keptApart(path: string, importer: string, dynamic: boolean): boolean {
  if (!dynamic) return false;
  if (importer === ENTRY) return !HELD.has(path);
  return path.endsWith('/accounts-pg.js'); // loaded only with --accounts-url (store/open-accounts.ts)
}

/** Writes the bundle; returns its path. */
export async function bundleCli(): Promise<string> {
  if (!existsSync(ENTRY)) throw new Error(`bundle-cli: ${ENTRY} is missing: run tsc first`);
  rmSync(BUNDLE, { force: true });
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
  try {
    await bundle.write({ file: BUNDLE, format: 'esm', codeSplitting: false, comments: false });
  } finally {
    await bundle.close();
  }
  return BUNDLE;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const started = performance.now();
  const path = await bundleCli();
  process.stderr.write(`bundle-cli: ${relative(process.cwd(), path)} in ${Math.round(performance.now() - started)} ms\n`);
}
