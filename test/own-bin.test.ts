// `npx addr` inside the clone starts the project's own command (scripts/link-own-bin.ts links it
// at build time), never a package of that name from the registry or a copy in npx's cache.
import { spawnSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('npx addr in the clone', () => {
  it('runs the built CLI of this clone', () => {
    // npx looks in node_modules/.bin first: there must be this clone's launcher (a copy of some
    // other addr in npx's cache would answer too, from elsewhere).
    expect(realpathSync(join(ROOT, 'node_modules', '.bin', 'addr'))).toBe(realpathSync(join(ROOT, 'dist', 'bin', 'addr.js')));
    const run = spawnSync('npx', ['--no-install', 'addr', 'normalize', '--format', 'ndjson'], {
      cwd: ROOT, input: '1 main st springfield il\n', encoding: 'utf8', env: { ...process.env, npm_config_offline: 'true' },
    });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim())).toMatchObject({ delivery_line: '1 MAIN ST' });
  });
});
