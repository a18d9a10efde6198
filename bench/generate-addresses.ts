/**
 * Deterministic generator of realistic one-line U.S. addresses for benchmarks:
 * a seeded PRNG picks numbers, directionals, street names, suffix spellings,
 * units and (when a locality list is given) real city/state/ZIP triples.
 */

/** A real locality to put on the last line. */
export interface Locality { city: string; state: string; zip5: string }

const STREETS = ['Main', 'Oak', 'Pine', 'Maple', 'Cedar', 'Elm', 'Washington', 'Lake', 'Hill', 'Park', 'Walnut', 'Sunset', 'Lincoln', 'Jackson', 'Church', 'River', 'Highland', 'Jefferson', 'Madison', 'Franklin', 'Meadow Gate', 'Martin Luther King Jr', 'Gravenstein', 'Mill Station', 'Old Farm', '5th', '12th', 'First', 'Second', 'Forest Hills', 'Spring Valley', 'Willow Creek', 'Pennsylvania', 'Broadway', 'Country Club'];
const SUFFIXES = ['St', 'Street', 'Ave', 'Avenue', 'Av', 'Rd', 'Road', 'Dr', 'Drive', 'Ln', 'Lane', 'Blvd', 'Boulevard', 'Ct', 'Court', 'Way', 'Pl', 'Place', 'Hwy', 'Pkwy', 'Cir', 'Ter', 'Trl'];
const DIRS = ['N', 'S', 'E', 'W', 'North', 'South', 'NE', 'SW'];
const UNITS = ['Apt', 'Apartment', 'Suite', 'Ste', 'Unit', '#', 'Fl', 'Rm'];
const FALLBACK: Locality[] = [
  { city: 'Sebastopol', state: 'CA', zip5: '95472' }, { city: 'Washington', state: 'DC', zip5: '20500' },
  { city: 'Chicago', state: 'IL', zip5: '60606' }, { city: 'Austin', state: 'TX', zip5: '78701' },
  { city: 'Brooklyn', state: 'NY', zip5: '11201' }, { city: 'Boston', state: 'MA', zip5: '02108' },
];

/** Mulberry32: small, fast, seeded. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The parts of one generated address, for CSV columns. */
export interface GeneratedAddress { line1: string; line2: string; city: string; state: string; zip: string }

/** Generates `count` addresses with the given seed. */
export function generateAddresses(count: number, seed = 42, localities: Locality[] = FALLBACK): GeneratedAddress[] {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const out: GeneratedAddress[] = [];
  for (let i = 0; i < count; i++) {
    const loc = pick(localities);
    const parts = [String(1 + Math.floor(rnd() * 9999))];
    if (rnd() < 0.25) parts.push(pick(DIRS));
    parts.push(pick(STREETS), pick(SUFFIXES));
    if (rnd() < 0.1) parts.push(pick(DIRS));
    const line2 = rnd() < 0.2 ? `${pick(UNITS)} ${1 + Math.floor(rnd() * 400)}` : '';
    const city = rnd() < 0.5 ? loc.city.toUpperCase() : loc.city.replace(/\w\S*/g, (w) => w[0] + w.slice(1).toLowerCase());
    out.push({ line1: parts.join(' '), line2, city, state: loc.state, zip: rnd() < 0.85 ? loc.zip5 : '' });
  }
  return out;
}

/** One-line form of a generated address ("1 Main St, Apt 4, City, ST 12345"). */
export function oneLine(a: GeneratedAddress): string {
  return [a.line1, a.line2, a.city, `${a.state} ${a.zip}`.trim()].filter(Boolean).join(', ');
}
