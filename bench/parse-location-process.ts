/**
 * The peer of the streaming CLI figures: a process that reads one address per line on stdin,
 * runs parse-address's parseLocation on each and writes one JSON line per address, in large
 * writes (a fair peer: no write per line). bench/cli-bench.ts times it beside
 * `addr normalize -` and `addr validate -` over the same lines.
 *
 *   node dist/bench/parse-location-process.js < lines.txt > out.ndjson
 */
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';

const parseAddressLib = createRequire(import.meta.url)('parse-address') as { parseLocation(address: string): unknown };

let out: string[] = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  out.push(JSON.stringify(parseAddressLib.parseLocation(line) ?? null));
  if (out.length >= 1000) {
    if (!process.stdout.write(`${out.join('\n')}\n`)) await new Promise((resolve) => process.stdout.once('drain', resolve));
    out = [];
  }
}
if (out.length > 0) process.stdout.write(`${out.join('\n')}\n`);
