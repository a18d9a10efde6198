/**
 * The web console of addr serve: the static files Vite built at install
 * (`npm run build` -> dist/console, from console/), served at / with no key
 * (the page asks for one and sends it with each API call). Only the files
 * found at startup are served, by exact path: no path is ever built from a
 * request. Hashed assets are cached for good; index.html is revalidated.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { addrPackageRoot } from '../store/data-location.js';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

// The page talks to this server only: no CDN, no tiles, nothing from elsewhere.
const CSP = "default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** Where the built console is. */
export function consoleDir(): string {
  return join(addrPackageRoot(), 'dist', 'console');
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/** Registers GET / and the console's files (nothing when the console was not built). */
export function registerConsole(app: FastifyInstance, dir = consoleDir()): void {
  if (!existsSync(join(dir, 'index.html'))) return;
  for (const path of walk(dir)) {
    const type = TYPES[extname(path)];
    if (type === undefined) continue;
    const url = `/${relative(dir, path).split(sep).join('/')}`;
    const body = readFileSync(path);
    const index = url === '/index.html';
    app.get(index ? '/' : url, (_request, reply) => reply
      .type(type)
      .header('cache-control', index ? 'no-cache' : 'public, max-age=31536000, immutable')
      .header('content-security-policy', CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .send(body));
  }
}
