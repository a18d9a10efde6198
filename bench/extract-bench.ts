/**
 * The "extract" section of `npm run bench`: Engine.extractor over generated
 * ordinary prose with addresses (about one per 4 KB, or one per 64 KB for the
 * sparse run; one line or two lines, among years, counts, prices, times,
 * phone numbers and state names),
 * fed in 64 KB chunks as `addr extract` reads a file. The text is generated
 * chunk by chunk and never held whole, so the growth of the heap during the
 * run shows whether memory stays bounded. Throughput is on one core (this
 * process), in MB of UTF-16 text... counted as characters (= bytes for ASCII).
 */
import type { Engine } from '../src/core/engine.js';
import { generateAddresses, prng } from './generate-addresses.js';
import type { Locality } from './generate-addresses.js';

const WORDS = ('the of and to a in is was for on that with as it by at from this be are or have an not which one had '
  + 'their all were when we there can been has more if will would so what about into than them only other new some could '
  + 'time these two may then do first any my now such like our over man me even most made after also did many before must '
  + 'through back years where much your way well down should because each just those people how too little state good very '
  + 'make world still own see men work long get here between both life being under never day same another know while last '
  + 'might us great old year off come since against go came right used take three meeting report river county office').split(' ');
const STATE_NAMES = ['California', 'Texas', 'Oregon', 'Maine', 'Ohio', 'Indiana', 'Washington', 'Georgia'];

/** Writes about `bytes` characters of prose to `sink` in chunks, with an address every ~`spacing` characters (4 KB by default); returns the addresses written. */
export function generateProse(bytes: number, seed: number, localities: Locality[] | undefined, sink: (chunk: string) => void, spacing = 4096): number {
  const random = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const addresses = generateAddresses(2000, seed + 1, localities);
  let written = 0;
  let count = 0;
  let chunk = '';
  let untilAddress = spacing;
  while (written < bytes) {
    let sentence = '';
    const n = 8 + Math.floor(random() * 16);
    for (let i = 0; i < n; i++) {
      const r = random();
      let w = pick(WORDS);
      if (r < 0.03) w = String(1900 + Math.floor(random() * 130)); // a year
      else if (r < 0.05) w = String(Math.floor(random() * 500)); // a count
      else if (r < 0.055) w = `$${(random() * 9999).toFixed(2)}`; // a price
      else if (r < 0.06) w = `${1 + Math.floor(random() * 12)}:${String(Math.floor(random() * 60)).padStart(2, '0')}`; // a time
      else if (r < 0.063) w = `(${200 + Math.floor(random() * 700)}) 555-${String(Math.floor(random() * 10000)).padStart(4, '0')}`;
      else if (r < 0.07) w = pick(STATE_NAMES);
      sentence += i === 0 ? w[0]?.toUpperCase() + w.slice(1) : ` ${w}`;
    }
    sentence += random() < 0.1 ? '.\n\n' : '. ';
    untilAddress -= sentence.length;
    if (untilAddress <= 0) {
      const a = pick(addresses);
      const street = a.line2 ? `${a.line1} ${a.line2}` : a.line1;
      sentence += random() < 0.5 ? `Please send it to ${street}, ${a.city}, ${a.state} ${a.zip} by Friday. ` : `\n\nJordan Lee\n${street}\n${a.city}, ${a.state} ${a.zip}\n\n`;
      untilAddress = spacing / 2 + Math.floor(random() * spacing);
      count++;
    }
    chunk += sentence;
    written += sentence.length;
    if (chunk.length >= 65536) {
      sink(chunk);
      chunk = '';
    }
  }
  if (chunk !== '') sink(chunk);
  return count;
}

/** What one extraction run measured. */
export interface ExtractFigures {
  megabytes: number; // characters scanned, in millions
  seconds: number; // time in extraction (generation excluded)
  cpuSeconds: number; // CPU time of this process in extraction: the one-core figure on a shared machine
  found: number; // addresses reported
  planted: number; // addresses written into the prose
  heapGrowthMb: number; // heap used after the run minus before it
}

/** Runs the engine's streaming extraction over `megabytes` of generated prose, an address every ~`spacing` characters. */
export function benchExtract(engine: Engine, megabytes: number, localities: Locality[] | undefined, spacing = 4096): ExtractFigures {
  const run = engine.extractor({});
  let found = 0;
  let seconds = 0;
  let cpuSeconds = 0;
  const timed = (work: () => void): void => {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    work();
    const c = process.cpuUsage(c0);
    cpuSeconds += (c.user + c.system) / 1e6;
    seconds += (performance.now() - t0) / 1000;
  };
  const heapBefore = process.memoryUsage().heapUsed;
  const planted = generateProse(
    megabytes * 1e6,
    7,
    localities,
    (chunk) => {
      // As `addr extract` gets it from its decoder: one flat string per chunk (not the generator's
      // tree of concatenations), made outside the timed part.
      const flat = Buffer.from(chunk, 'utf8').toString('utf8');
      timed(() => (found += run.push(flat).length));
    },
    spacing,
  );
  timed(() => (found += run.end().length));
  const heapGrowthMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  return { megabytes, seconds, cpuSeconds, found, planted, heapGrowthMb };
}
