/**
 * Scores the range layer on cases built from a TIGER/Line ADDRFEAT county
 * (default: the Meagher County, MT sample in fixtures/tiger): for sides of the
 * county's edges, a number in range (with its ZIP, without a ZIP, with the street
 * misspelled, with a wrong ZIP of the county) and a number past every range of
 * the street. A case is right when status, standardized line1 and ZIP are the
 * expected ones and the geocode lies within 250 m of the range's own linear
 * interpolation (computed here, apart from src/core/ranges).
 *
 *   node dist/scripts/eval-ranges.js [ADDRFEAT.zip] [--show N]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { distanceKm } from '../src/core/util/geo-distance.js';
import { parseStreet } from '../src/core/points/point-address.js';
import { openEngine } from '../src/store/open-engine.js';
import { openRangesDatabase } from '../src/store/ranges-db.js';
import { importRanges } from '../src/store/ranges-import.js';
import { openLocalityStore } from '../src/store/sqlite-locality-store.js';
import { addrfeatFiles, readAddrfeat } from '../src/store/tiger-reader.js';

const ROOT = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../..' : '..', import.meta.url));

/** One case: the input and what a right answer holds. */
export interface RangeCase {
  kind: 'in_range' | 'no_zip' | 'misspelled' | 'wrong_zip' | 'past_ranges';
  input: string;
  status: string;
  line1: string;
  zip5: string;
  lat: number;
  lon: number;
}

interface Side { name: string; from: number; to: number; zip: string; coords: number[] }

// The position at share t of a line, without offset.
function along(coords: number[], t: number): { lat: number; lon: number } {
  const seg: number[] = [];
  let total = 0;
  for (let i = 2; i < coords.length; i += 2) {
    const k = Math.cos(((coords[i + 1] as number) * Math.PI) / 180);
    const d = Math.hypot(((coords[i] as number) - (coords[i - 2] as number)) * k, (coords[i + 1] as number) - (coords[i - 1] as number));
    seg.push(d);
    total += d;
  }
  let goal = total * t;
  for (let j = 0; j < seg.length; j++) {
    const d = seg[j] as number;
    if (goal <= d || j === seg.length - 1) {
      const s = d === 0 ? 0 : Math.min(1, goal / d);
      const i = (j + 1) * 2;
      return { lon: (coords[i - 2] as number) + ((coords[i] as number) - (coords[i - 2] as number)) * s, lat: (coords[i - 1] as number) + ((coords[i + 1] as number) - (coords[i - 1] as number)) * s };
    }
    goal -= d;
  }
  return { lon: coords[0] as number, lat: coords[1] as number };
}

// A one-edit misspelling of the name's longest word of letters (two inner letters swapped), or null.
function misspell(name: string): string | null {
  const words = name.split(' ');
  let at = -1;
  for (let i = 0; i < words.length; i++) if (/^[A-Za-z]{5,}$/.test(words[i] as string) && (at < 0 || (words[i] as string).length > (words[at] as string).length)) at = i;
  if (at < 0) return null;
  const w = words[at] as string;
  const k = Math.floor(w.length / 2);
  if (w[k] === w[k + 1]) return null;
  words[at] = `${w.slice(0, k)}${w[k + 1]}${w[k]}${w.slice(k + 2)}`;
  return words.join(' ');
}

/** The cases of a county file. */
export async function buildCases(zipPath: string, referenceDb: string): Promise<RangeCase[]> {
  const locality = openLocalityStore(referenceDb);
  const sides: Side[] = [];
  const [file] = await addrfeatFiles([zipPath]);
  await readAddrfeat(file!, (r, coords) => {
    if (r.FULLNAME === null || coords.length < 4) return;
    for (const [f, t, z] of [[r.LFROMHN, r.LTOHN, r.ZIPL], [r.RFROMHN, r.RTOHN, r.ZIPR]] as const) {
      if (f === null || t === null || z === null || !/^\d+$/.test(f) || !/^\d+$/.test(t) || locality.zip(z) === null) continue;
      sides.push({ name: r.FULLNAME, from: Number(f), to: Number(t), zip: z, coords });
    }
  });
  const zips = [...new Set(sides.map((s) => s.zip))].sort();
  // The highest number of each name in each ZIP: the past-every-range case goes beyond it.
  const top = new Map<string, number>();
  for (const s of sides) top.set(`${s.name}|${s.zip}`, Math.max(top.get(`${s.name}|${s.zip}`) ?? 0, s.from, s.to));
  const cases: RangeCase[] = [];
  const pastDone = new Set<string>();
  for (const s of sides) {
    const city = (locality.zip(s.zip) as { city: string }).city;
    const lo = Math.min(s.from, s.to);
    const hi = Math.max(s.from, s.to);
    let n = lo + Math.floor((hi - lo) / 3);
    if (n % 2 !== s.from % 2) n++;
    if (n > hi) n = lo;
    const t = s.to === s.from ? 0.5 : (n - s.from) / (s.to - s.from);
    const at = along(s.coords, t);
    // The line as the parser and Pub 28 spell the TIGER name (what the importer keeps).
    const parts = parseStreet(s.name.toUpperCase());
    if (parts === null) continue;
    const std = [String(n), parts.predir, parts.street, parts.suffix, parts.postdir].filter((x) => x !== null).join(' ');
    const base = { line1: std, zip5: s.zip, lat: at.lat, lon: at.lon };
    cases.push({ kind: 'in_range', input: `${n} ${s.name}, ${city}, MT ${s.zip}`, status: 'VALIDATED', ...base });
    cases.push({ kind: 'no_zip', input: `${n} ${s.name}, ${city}, MT`, status: 'CORRECTED', ...base });
    const wrong = zips.find((z) => z !== s.zip);
    if (wrong !== undefined) cases.push({ kind: 'wrong_zip', input: `${n} ${s.name}, ${city}, MT ${wrong}`, status: 'CORRECTED', ...base });
    const bad = misspell(s.name);
    if (bad !== null) cases.push({ kind: 'misspelled', input: `${n} ${bad}, ${city}, MT ${s.zip}`, status: 'CORRECTED', ...base });
    const key = `${s.name}|${s.zip}`;
    const max = top.get(key) as number;
    if (!pastDone.has(key) && (s.from === max || s.to === max)) {
      pastDone.add(key);
      const past = max + 1000;
      const end = along(s.coords, s.to === max ? 1 : 0);
      cases.push({ kind: 'past_ranges', input: `${past} ${s.name}, ${city}, MT ${s.zip}`, status: 'PARTIAL', line1: std.replace(/^\d+/, String(past)), zip5: s.zip, lat: end.lat, lon: end.lon });
    }
  }
  locality.close();
  return cases;
}

/** Scores the cases against an engine over a data directory holding the county's ranges. */
export async function scoreCases(zipPath: string, referenceDb: string, show = 0): Promise<{ right: number; total: number; byKind: Record<string, [number, number]> }> {
  const dir = mkdtempSync(join(tmpdir(), 'addr-eval-ranges-'));
  try {
    const db = openRangesDatabase(dir, true);
    const locality = openLocalityStore(referenceDb);
    const [file] = await addrfeatFiles([zipPath]);
    await importRanges(db!, { file: file!, locality, now: new Date() });
    db!.close();
    locality.close();
    const cases = await buildCases(zipPath, referenceDb);
    const { engine, close } = openEngine({ referenceDbPath: referenceDb, dataDir: dir });
    const byKind: Record<string, [number, number]> = {};
    let right = 0;
    let shown = 0;
    for (const k of cases) {
      const r = engine.validate({ line1: k.input });
      const g = r.geocode;
      const ok = r.status === k.status && r.standardized.line1 === k.line1 && r.standardized.zip5 === k.zip5
        && g !== null && distanceKm(g.lat, g.lon, k.lat, k.lon) <= 0.25;
      const tally = byKind[k.kind] ?? [0, 0];
      tally[1]++;
      if (ok) tally[0]++;
      byKind[k.kind] = tally;
      if (ok) right++;
      else if (shown++ < show) {
        const d = g !== null ? Math.round(distanceKm(g.lat, g.lon, k.lat, k.lon) * 1000) : null;
        console.log(`${k.kind}: ${k.input} -> ${r.status} ${r.standardized.line1} ${r.standardized.zip5} ${d}m [${r.reason_codes.join(',')}] expected ${k.status} ${k.line1} ${k.zip5}`);
      }
    }
    close();
    return { right, total: cases.length, byKind };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const showAt = args.indexOf('--show');
  const show = showAt >= 0 ? Number(args[showAt + 1]) : 0;
  const zip = args.find((a, i) => !a.startsWith('--') && (showAt < 0 || i !== showAt + 1)) ?? join(ROOT, 'fixtures', 'tiger', 'tl_2021_30059_addrfeat.zip');
  const { right, total, byKind } = await scoreCases(zip, join(ROOT, 'db', 'locality.sqlite'), show);
  for (const [kind, [r, t]] of Object.entries(byKind)) console.log(`${kind.padEnd(12)} ${r}/${t} ${((100 * r) / t).toFixed(1)}%`);
  console.log(`all          ${right}/${total} ${((100 * right) / total).toFixed(1)}%`);
}
