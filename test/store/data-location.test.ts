import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addrPackageRoot, defaultLocalityDbPath, engineLocation, resolveDataDir, resolveReferenceDbPath } from '../../src/store/data-location.js';

describe('defaultLocalityDbPath', () => {
  it('is db/locality.sqlite under the directory of package.json "addr"', () => {
    const root = addrPackageRoot();
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))).toMatchObject({ name: 'addr' });
    expect(existsSync(join(root, 'src', 'store', 'data-location.ts'))).toBe(true);
    expect(defaultLocalityDbPath()).toBe(join(root, 'db', 'locality.sqlite'));
  });
});

describe('resolveReferenceDbPath', () => {
  it('is ADDR_REFERENCE_DB when set and not empty, else the embedded database', () => {
    expect(resolveReferenceDbPath({ ADDR_REFERENCE_DB: '/x/locality.sqlite' })).toBe('/x/locality.sqlite');
    expect(resolveReferenceDbPath({ ADDR_REFERENCE_DB: '' })).toBe(defaultLocalityDbPath());
    expect(resolveReferenceDbPath({})).toBe(defaultLocalityDbPath());
  });
});

describe('engineLocation', () => {
  it('pairs the reference database with the data directory of the flag or the environment', () => {
    expect(engineLocation('/flag', { ADDR_REFERENCE_DB: '/r.sqlite', ADDR_DATA_DIR: '/env' })).toEqual({ referenceDbPath: '/r.sqlite', dataDir: '/flag' });
    expect(engineLocation(undefined, { ADDR_DATA_DIR: '/env' })).toEqual({ referenceDbPath: defaultLocalityDbPath(), dataDir: '/env' });
  });
});

describe('resolveDataDir', () => {
  it.each([
    ['/flag', { ADDR_DATA_DIR: '/env' }, 'linux', '/flag'],
    [undefined, { ADDR_DATA_DIR: '/env' }, 'linux', '/env'],
    [undefined, { XDG_DATA_HOME: '/xdg' }, 'linux', '/xdg/addr'],
    [undefined, {}, 'linux', '/home/u/.local/share/addr'],
    [undefined, {}, 'darwin', '/home/u/Library/Application Support/addr'],
    [undefined, { APPDATA: '/appdata' }, 'win32', join('/appdata', 'addr')],
  ] as const)('flag %s, env %j on %s -> %s', (flag, env, platform, expected) => {
    expect(resolveDataDir(flag, env, platform, '/home/u')).toBe(expected);
  });
});
