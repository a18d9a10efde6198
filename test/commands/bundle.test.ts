// The launcher runs the CLI's bundle (scripts/bundle-cli.ts, built by test/global-setup.ts): it
// must hold the program of the tsc build, answer as that build does, and step aside when older.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN as LAUNCHER, runCli, tempDir } from './run-cli.js';

const BUNDLE = fileURLToPath(new URL('../../dist/src/commands/program.bundle.js', import.meta.url));
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
    expect(existsSync(BUNDLE)).toBe(true);
    expect(statSync(BUNDLE).mtimeMs).toBeGreaterThanOrEqual(statSync(PROGRAM).mtimeMs);
    const text = readFileSync(BUNDLE, 'utf8');
    expect(text).toContain('function runValidate(');
    expect(text).toContain('new URL("./line-worker.js", import.meta.url)');
    expect(text).toContain('import("./serve.js")');
    expect(text).not.toMatch(/^import .* from "\.{1,2}\//m); // no module of the project is imported statically
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

  it('is what the launcher loads when at least as new as program.js, else program.js', () => {
    // The launcher alone, beside two stand-ins that say which was loaded.
    const root = tempDir();
    mkdirSync(join(root, 'bin'));
    mkdirSync(join(root, 'src', 'commands'), { recursive: true });
    writeFileSync(join(root, 'package.json'), '{"type":"module"}');
    copyFileSync(LAUNCHER, join(root, 'bin', 'addr.js'));
    const standIn = (name: string): string => `export async function main() { process.stdout.write('${name}'); return 0; }\n`;
    writeFileSync(join(root, 'src', 'commands', 'program.js'), standIn('modules'));
    writeFileSync(join(root, 'src', 'commands', 'program.bundle.js'), standIn('bundle'));
    const loaded = (): string => spawnSync(process.execPath, [join(root, 'bin', 'addr.js')], { encoding: 'utf8' }).stdout;
    const at = (file: string, seconds: number): void => utimesSync(join(root, 'src', 'commands', file), seconds, seconds);
    at('program.js', 1_000_000);
    at('program.bundle.js', 1_000_001);
    expect(loaded()).toBe('bundle');
    at('program.bundle.js', 999_999); // tsc ran after the bundler
    expect(loaded()).toBe('modules');
    rmSync(join(root, 'src', 'commands', 'program.bundle.js'));
    expect(loaded()).toBe('modules');
  });
});
