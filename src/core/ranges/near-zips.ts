/**
 * Whether a ZIP is near a decided locality: its centre lies within NEARBY_KM of the locality's
 * position, where the range layer also looks for a street (a wrong ZIP, a street running on).
 * A lookup by state tests the ZIP of every street of a name; each ZIP's answer is remembered per
 * position (a batch's addresses share their ZIPs' and cities' centres), by the ZIP's number
 * (zip-number.ts): asked again, it is one lookup, not a distance. Per locality store, at most
 * ANSWERS_KEPT answers in all are kept; past it, the positions first asked about are forgotten.
 */
import type { Locality } from '../locality/locality.js';
import type { LocalityStore } from '../model/ports.js';
import { withinKm } from '../util/geo-distance.js';
import { NEARBY_KM } from '../points/nearby-streets.js';


const ANSWERS_KEPT = 1_000_000; // ~30 MB at most; a position collects tens to a few thousand answers

/** Whether a ZIP (as a five-digit string and its number) is near one position. */
export type NearTest = (zip5: string, zip: number) => boolean;

const NOWHERE: NearTest = () => false;

/** The answers kept for one locality store: per position, and how many in all. */
interface Position { test: NearTest; answers: Map<number, boolean>; kept: boolean }
interface Kept { byPosition: Map<string, Position>; count: number }
const kept = new WeakMap<LocalityStore, Kept>();

/** The test of nearness to the locality's position (none is near without one). */
export function zipsNear(loc: Locality, locality: LocalityStore): NearTest {
  const at = loc.geocode;
  if (at === null) return NOWHERE;
  let all = kept.get(locality);
  if (all === undefined) kept.set(locality, (all = { byPosition: new Map(), count: 0 }));
  const id = `${at.lat},${at.lon}`;
  const held = all.byPosition.get(id);
  if (held !== undefined) return held.test;
  const { lat, lon } = at;
  const store = all;
  const position: Position = { test: NOWHERE, answers: new Map(), kept: true };
  const { answers } = position;
  position.test = (zip5, zip) => {
    if (zip < 0) return false; // no ZIP of the reference
    let yes = answers.get(zip);
    if (yes === undefined) {
      const z = locality.zip(zip5);
      yes = z !== null && z.lat !== null && z.lon !== null && withinKm(lat, lon, z.lat, z.lon, NEARBY_KM);
      if (!position.kept) return yes; // forgotten while a lookup still asks it: answered, not kept
      if (store.count >= ANSWERS_KEPT) forgetOldest(store, position);
      answers.set(zip, yes);
      store.count++;
    }
    return yes;
  };
  all.byPosition.set(id, position);
  return position.test;
}

/** Forgets the positions first asked about until the answers kept are below ANSWERS_KEPT (the one being asked stays). */
function forgetOldest(store: Kept, current: Position): void {
  for (const [id, position] of store.byPosition) {
    if (store.count < ANSWERS_KEPT) return;
    if (position === current) continue;
    store.byPosition.delete(id);
    position.kept = false;
    store.count -= position.answers.size;
  }
  if (store.count >= ANSWERS_KEPT) {
    // One position holds them all: it starts over.
    store.count -= current.answers.size;
    current.answers.clear();
  }
}
