import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addrPackageRoot, defaultLocalityDbPath } from '../../src/store/reference-db-path.js';

describe('defaultLocalityDbPath', () => {
  it('is db/locality.sqlite under the directory of package.json "addr"', () => {
    const root = addrPackageRoot();
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))).toMatchObject({ name: 'addr' });
    expect(existsSync(join(root, 'src', 'store', 'reference-db-path.ts'))).toBe(true);
    expect(defaultLocalityDbPath()).toBe(join(root, 'db', 'locality.sqlite'));
  });
});
