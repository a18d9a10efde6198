// The launcher runs the CLI's bundle (scripts/bundles.ts, built by test/global-setup.ts) with
// V8's code cache: it must hold the program of the tsc build, answer as that build does, and step
// aside when older.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleText } from './bundle-text.js';
import { BIN as LAUNCHER, runCli, tempDir } from './run-cli.js';

const BUNDLE = fileURLToPath(new URL('../../dist/src/commands/program.bundle.cjs', import.meta.url));
const PROGRAM = fileURLToPath(new URL('../../dist/src/commands/program.js', import.meta.url));
const ADDRESS = '1600 pennsylvania ave nw washington dc 20500';

/** `addr ARGS` run by the tsc build's program.js, without the launcher. */
function runUnbundled(args: readonly string[], dataDir: string): string {
  const script = `const { main } = await import(${JSON.stringify(PROGRAM)}); process.exitCode = await main([process.argv[0], 'addr', ...process.argv.slice(1)]);`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script, '--', ...args], {
    encoding: 'utf8', env: { ...process.env, ADDR_DATA_DIR: dataDir, NO_COLOR: '1' }, timeout: 30_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

describe('the CLI bundle', () => {
  it('is built beside program.js, holds the hot path and leaves the other commands to their modules', () => {
    const text = bundleText(BUNDLE, PROGRAM);
    expect(text).toContain('function runValidate(');
    // A bundled module's import.meta.url is its own file's (src/bundle/load-bundle.ts).
    expect(text).toContain('new URL("./line-worker.js", __addrModuleUrl("./line-run.js"))');
    expect(text).toContain('__addrModuleUrl("../store/data-location.js")');
    expect(text).toContain('__addrImport("./serve.js")');
  });

  it('answers as the tsc build does', () => {
    const dataDir = join(tempDir(), 'data');
    for (const args of [['validate', ADDRESS, '--format', 'ndjson'], ['normalize', ADDRESS, '--format', 'ndjson'], ['--version']]) {
      const bundled = runCli(args, { env: { ADDR_DATA_DIR: dataDir } });
      expect(bundled.code, bundled.stderr).toBe(0);
      const strip = (s: string): string => s.replace(/"(id|latency_ms)":("[^"]*"|[\d.]+)/g, '"$1":0');
      expect(strip(bundled.stdout)).toBe(strip(runUnbundled(args, dataDir)));
    }
  });

  it('is what the launcher runs when at least as new as program.js, with a code cache it writes when it finds none', () => {
    // The launcher alone, beside two stand-ins that say which was loaded.
    const root = tempDir();
    const commands = join(root, 'src', 'commands');
    mkdirSync(join(root, 'bin'));
    mkdirSync(commands, { recursive: true });
    mkdirSync(join(root, 'src', 'bundle'));
    copyFileSync(fileURLToPath(new URL('../../dist/src/bundle/load-bundle.js', import.meta.url)), join(root, 'src', 'bundle', 'load-bundle.js'));
    writeFileSync(join(root, 'package.json'), '{"type":"module"}');
    copyFileSync(LAUNCHER, join(root, 'bin', 'addr.js'));
    copyFileSync(fileURLToPath(new URL('../../dist/src/commands/bundled-commands.js', import.meta.url)), join(commands, 'bundled-commands.js'));
    writeFileSync(join(commands, 'program.js'), 'export async function main() { process.stdout.write(\'modules\'); return 0; }\n');
    // A script as the bundler writes one: CommonJS, its imports through __addrImport, a module's import.meta.url through __addrModuleUrl.
    writeFileSync(join(commands, 'program.bundle.cjs'), [
      'const url = __addrModuleUrl(\'../store/x.js\');',
      'if (!url.startsWith(\'file:\') || !url.endsWith(\'/src/store/x.js\')) throw new Error(url);',
      'exports.main = async function () { const { helper } = await __addrImport(\'./helper.js\'); process.stdout.write(helper()); return 0; };',
    ].join('\n'));
    writeFileSync(join(commands, 'helper.js'), 'export const helper = () => \'bundle\';\n');
    const loaded = (command = 'validate'): string => spawnSync(process.execPath, [join(root, 'bin', 'addr.js'), command], { encoding: 'utf8' }).stdout;
    const at = (file: string, seconds: number): void => utimesSync(join(commands, file), seconds, seconds);
    const cache = join(commands, 'program.bundle.cache');
    at('program.js', 1_000_000);
    at('program.bundle.cjs', 1_000_001);
    expect(loaded()).toBe('bundle');
    expect(existsSync(cache)).toBe(true); // the first run wrote it
    const written = statSync(cache).mtimeMs;
    expect(loaded()).toBe('bundle');
    expect(statSync(cache).mtimeMs).toBe(written); // read, not written again
    at('program.bundle.cache', 1_000_000); // older than the bundle: not read, written anew
    expect(loaded()).toBe('bundle');
    expect(statSync(cache).mtimeMs).toBeGreaterThan(1_000_001_000);
    // Commands the bundle does not hold (serve, batch, data, ...) load the modules, which the bundle would load besides itself.
    expect(loaded('serve')).toBe('modules');
    expect(loaded('batch')).toBe('modules');
    expect(loaded('normalize')).toBe('bundle');
    at('program.bundle.cjs', 999_999); // tsc ran after the bundler
    expect(loaded()).toBe('modules');
    rmSync(join(commands, 'program.bundle.cjs'));
    expect(loaded()).toBe('modules');
  });
});
