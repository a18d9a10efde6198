/**
 * Makes the built CLI executable and, in a clone of this repository, links it as
 * node_modules/.bin/addr, so that `npx addr ...` run inside the clone starts the
 * project's own command at once (npm links the bins of dependencies, never the
 * root package's own; npx would otherwise fetch a package named `addr` or install
 * the clone into its cache). Run by `npm run build`; an installed copy of addr
 * (a dependency of another project) has no node_modules of its own and is left alone.
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, readlinkSync, symlinkSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { addrPackageRoot } from '../src/store/data-location.js';

const root = addrPackageRoot();
const bin = join(root, 'dist', 'bin', 'addr.js');
chmodSync(bin, 0o755);
const modules = join(root, 'node_modules');
if (existsSync(modules) && process.platform !== 'win32') {
  const binDir = join(modules, '.bin');
  const link = join(binDir, 'addr');
  const target = join('..', '..', 'dist', 'bin', 'addr.js');
  mkdirSync(binDir, { recursive: true });
  // A link elsewhere, or a file in its place, is replaced; a dangling link too.
  const current = isLink(link) ? readlinkSync(link) : existsSync(link) ? '' : null;
  if (current !== target) {
    if (current !== null) unlinkSync(link);
    symlinkSync(target, link);
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

