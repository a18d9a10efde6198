/**
 * Bundles what a process of addr loads at start into one script each, which the launchers run with
 * V8's code cache (src/bundle/load-bundle.ts) when it is as new as the tsc build (else they load the
 * modules as before). Run by `npm run build` after tsc, and by test/global-setup.ts after its tsc.
 *
 * - The CLI's hot path, dist/src/commands/program.bundle.cjs (bin/addr.ts): the program and the
 *   commands of one address or a stream of them (normalize, validate, geocode and their streaming
 *   run). Every other command (batch, serve, data, extract, ...) stays the tsc build's own module,
 *   imported from the bundle when run, so the modules it loads are not loaded twice. Packages stay
 *   requires: a process that validates one address needs few of them.
 * - The server, dist/src/server/server.bundle.cjs (src/server/load-server.ts, for `addr serve` and
 *   each of its workers): src/server/server-entry.ts with every module and package it reaches
 *   (fastify, pino, ajv, pg, ...), but the packages with a native addon, which stay requires.
 * - The worker threads of the streaming commands and of `addr batch`,
 *   dist/src/commands/line-worker.bundle.cjs and dist/src/batch/batch-worker.bundle.cjs (run by
 *   line-worker.ts and batch-worker.ts), with their packages as the server's.
 *
 * Why: a process that validates one address spent more time resolving, reading, linking and
 * compiling ~125 small modules than doing the work, and a server worker loaded ~600 files before it
 * listened (docs/performance.md: the cold start, `addr serve` start-up).
 *
 * A bundle is a CommonJS script, not a module, because only a script can be compiled with a code
 * cache on Node 20 (vm.Script cachedData). A script's `import()` would need an experimental loader,
 * so a bundle's imports of the modules it leaves apart call IMPORT_FUNCTION, and each bundled
 * module's `import.meta.url` is MODULE_URL_FUNCTION of its tsc-built file, which the loader passes
 * in. This script writes each bundle's first code cache by running it once.
 *
 *   node dist/scripts/bundles.js
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import { IMPORT_FUNCTION, MODULE_URL_FUNCTION } from '../src/bundle/load-bundle.js';
import { BUNDLED_COMMANDS } from '../src/commands/bundled-commands.js';
import { STREAMING_V8_FLAG } from '../src/commands/line-run.js';
import { defaultLocalityDbPath } from '../src/store/data-location.js';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const LAUNCHER = fileURLToPath(new URL('../bin/addr.js', import.meta.url));

/** Packages with a native addon: a bundle requires them from node_modules. */
const NATIVE_PACKAGES = new Set(['better-sqlite3']);

/** One bundle to make. */
interface Target {
  name: string;
  entry: string; // the tsc build's module the bundle starts from
  bundle: string;
  cache: string;
  /** Whether `source` (a package or a Node module) stays a require. */
  external(source: string): boolean;
  /** Whether the module at `path`, imported by `importer`, stays the tsc build's own (a dynamic import only). */
  keptApart(path: string, importer: string, dynamic: boolean): boolean;
  /** Runs the bundle once, so that it writes its first code cache; true when it did. */
  warm(dataDir: string): Promise<boolean>;
}

const COMMANDS = join(SRC, 'commands');
const BATCH = join(SRC, 'batch');
const HELD = new Set(BUNDLED_COMMANDS.map((command) => join(COMMANDS, `${command}.js`)));
const NODE_MODULES = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** The environment of a warm-up run: its own data directory, the reference the build made, no PostgreSQL. */
function warmEnv(dataDir: string): NodeJS.ProcessEnv {
  const { ADDR_REFERENCE_DB: _reference, ADDR_ACCOUNTS_URL: _accounts, ...inherited } = process.env;
  return { ...inherited, ADDR_DATA_DIR: dataDir };
}

export const CLI: Target = {
  name: 'cli',
  entry: join(COMMANDS, 'program.js'),
  bundle: join(COMMANDS, 'program.bundle.cjs'),
  cache: join(COMMANDS, 'program.bundle.cache'),
  external: () => true,
  // A command's module, or the PostgreSQL store (loaded only with --accounts-url, store/open-accounts.ts).
  keptApart: (path, importer, dynamic) => dynamic && (importer === CLI.entry ? !HELD.has(path) : path.endsWith(`${sep}accounts-pg.js`)),
  // One that validates an address compiles the parser and the validation (normalize without the
  // locality database, which `npm run build` builds first).
  warm: async (dataDir) => {
    const command = existsSync(defaultLocalityDbPath()) ? 'validate' : 'normalize';
    const run = spawnSync(process.execPath, [LAUNCHER, command, '1 Main St, Springfield, IL 62701'], { stdio: 'ignore', env: warmEnv(dataDir), timeout: 60_000 });
    return run.status === 0 && existsSync(CLI.cache);
  },
};

export const SERVER: Target = {
  name: 'server',
  entry: join(SRC, 'server', 'server-entry.js'),
  bundle: join(SRC, 'server', 'server.bundle.cjs'),
  cache: join(SRC, 'server', 'server.bundle.cache'),
  external: (source) => NODE_MODULES.has(source) || NATIVE_PACKAGES.has(source.split('/')[0] as string),
  keptApart: () => false,
  // A server on a free port writes the cache once it listens (serve.ts), then prints its URL.
  warm: (dataDir) => new Promise<boolean>((done) => {
    const child = spawn(process.execPath, [LAUNCHER, 'serve', '--port', '0', '--workers', '1', '--log-level', 'silent'], { stdio: ['ignore', 'pipe', 'ignore'], env: warmEnv(dataDir) });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.stdout.once('data', () => child.kill('SIGTERM'));
    child.on('close', () => {
      clearTimeout(timer);
      done(existsSync(SERVER.cache));
    });
  }),
};

/** A worker thread's bundle: `<name>.bundle.cjs` beside the module it stands for, `<name>-run.js`. */
function workerTarget(dir: string, name: string, warm: Target['warm']): Target {
  return {
    name,
    entry: join(dir, `${name}-run.js`),
    bundle: join(dir, `${name}.bundle.cjs`),
    cache: join(dir, `${name}.bundle.cache`),
    external: SERVER.external,
    keptApart: () => false,
    warm,
  };
}

/** Starts the worker thread `script`, sends it `messages`, and resolves at its first answer (or failure). */
function answerOf(script: string, workerData: unknown, messages: readonly unknown[]): Promise<void> {
  return new Promise<void>((done) => {
    const worker = new Worker(script, { workerData });
    const timer = setTimeout(() => void worker.terminate(), 60_000);
    const end = (): void => {
      clearTimeout(timer);
      void worker.terminate().then(() => done());
    };
    worker.once('message', end);
    worker.once('error', end);
    for (const message of messages) worker.postMessage(message);
  });
}

// The worker writes its cache once its first chunk is done (line-worker-run.ts), before answering;
// with the V8 flag of the streaming runs, which start it (V8 rejects a cache made under other flags).
export const LINE_WORKER: Target = workerTarget(COMMANDS, 'line-worker', async (dataDir) => {
  setFlagsFromString(STREAMING_V8_FLAG);
  const command = existsSync(defaultLocalityDbPath()) ? 'validate' : 'normalize';
  await answerOf(join(COMMANDS, 'line-worker.js'), { referenceDbPath: defaultLocalityDbPath(), dataDir }, [
    { kind: 'setup', setup: { command, render: { format: 'ndjson', many: true, color: false } } },
    { seq: 0, first: 0, lines: ['1 Main St, Springfield, IL 62701'] },
  ]);
  return existsSync(LINE_WORKER.cache);
});

// `addr batch` with one worker thread over a small file (its pool starts before the input is read).
export const BATCH_WORKER: Target = workerTarget(BATCH, 'batch-worker', async (dataDir) => {
  const input = join(dataDir, 'in.csv');
  writeFileSync(input, 'address\n1 Main St, Springfield, IL 62701\n');
  spawnSync(process.execPath, [LAUNCHER, 'batch', input, '-o', join(dataDir, 'out.csv'), '--workers', '1'], { stdio: 'ignore', env: warmEnv(dataDir), timeout: 60_000 });
  return existsSync(BATCH_WORKER.cache);
});

// A dynamic import of a module kept apart, as rolldown writes it (a relative specifier).
const DYNAMIC_IMPORT = /\bimport\((?="\.{1,2}\/)/g;

/** A path relative to the bundle's folder, as a URL path ("./x.js", "../store/y.js"). */
function fromBundle(target: Target, path: string): string {
  const rel = relative(dirname(target.bundle), path).split(sep).join('/');
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** Writes the bundle and its first code cache; returns the bundle's path. */
export async function bundle(target: Target): Promise<string> {
  if (!existsSync(target.entry)) throw new Error(`bundles: ${target.entry} is missing: run tsc first`);
  rmSync(target.bundle, { force: true });
  rmSync(target.cache, { force: true }); // a cache is only ever of the bundle it was made from
  const build = await rolldown({
    input: target.entry,
    platform: 'node',
    logLevel: 'warn',
    plugins: [{
      name: 'addr-bundle',
      resolveId(source, importer, extra) {
        if (importer === undefined) return null;
        if (!source.startsWith('.') && !isAbsolute(source)) return target.external(source) ? { id: source, external: true } : null;
        const path = resolve(dirname(importer), source);
        if (!target.keptApart(path, importer, extra.kind === 'dynamic-import')) return null;
        return { id: fromBundle(target, path), external: true };
      },
      // Each module's import.meta.url is its own file's, not the bundle's (src/bundle/load-bundle.ts).
      transform(code, id) {
        if (!code.includes('import.meta.url')) return null;
        return { code: code.replaceAll('import.meta.url', `${MODULE_URL_FUNCTION}(${JSON.stringify(fromBundle(target, id))})`), map: null };
      },
    }],
  });
  let code: string;
  try {
    const { output } = await build.generate({ format: 'cjs', codeSplitting: false, comments: false });
    if (output.length !== 1 || output[0].type !== 'chunk') throw new Error(`bundles: ${target.name}: expected one chunk`);
    code = output[0].code;
  } finally {
    await build.close();
  }
  const rewritten = code.replace(DYNAMIC_IMPORT, `${IMPORT_FUNCTION}(`);
  if (/\bimport\(/.test(rewritten)) throw new Error(`bundles: ${target.name}: an import() the loader could not serve is left in the bundle`);
  if (rewritten.includes('import.meta')) throw new Error(`bundles: ${target.name}: an import.meta is left in the bundle`);
  writeFileSync(target.bundle, rewritten);
  const data = mkdtempSync(join(tmpdir(), 'addr-bundle-'));
  try {
    if (!await target.warm(data)) process.stderr.write(`bundles: no code cache was written for ${target.name} (its first run will write it)\n`);
  } finally {
    rmSync(data, { recursive: true, force: true });
  }
  return target.bundle;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  for (const target of [CLI, SERVER, LINE_WORKER, BATCH_WORKER]) {
    const started = performance.now();
    const path = await bundle(target);
    process.stderr.write(`bundles: ${relative(process.cwd(), path)} in ${Math.round(performance.now() - started)} ms\n`);
  }
}
