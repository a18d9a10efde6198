// The order of the street layers (src/core/validate/street-layers.ts): the ranges are asked first
// where the points do not cover the decided ZIP, and their answer is taken only when it confirms
// the address as it stands; otherwise it is let go, its findings undone, and the points are asked
// before the ranges as everywhere else. In-memory stores: range-fakes.ts; a point store that
// covers MT but no ZIP of it, and records what it is asked.
import { describe, expect, it } from 'vitest';
import { Findings } from '../../src/core/model/findings.js';
import type { PointStore } from '../../src/core/model/ports.js';
import { matchRange } from '../../src/core/ranges/match-range.js';
import { matchStreetLayers, rangeAsGiven } from '../../src/core/validate/street-layers.js';
import { ALPHA, given, locality, ranges } from './range-fakes.js';

/** A point store of MT covering the ZIPs `covered` (none by default) with no streets; `asked` lists the methods called. */
function emptyPoints(asked: string[], covered: readonly string[] = []): PointStore {
  const answers: Record<string, unknown> = { coversState: true, completeZip: false, dataVersion: 'points:fake' };
  return new Proxy({} as PointStore, {
    get: (_, name: string) => (arg: unknown) => {
      asked.push(name);
      if (name === 'coversZip') return covered.includes(arg as string);
      return name in answers ? answers[name] : name.startsWith('street') || name.startsWith('points') ? [] : null;
    },
  });
}

describe('the street layers', () => {
  it('takes the ranges\' answer without asking the points when it confirms the address in its ZIP', () => {
    const asked: string[] = [];
    const f = new Findings();
    const { pm, rm } = matchStreetLayers(given('105', 'PINE'), { ...ALPHA, zip5: '59004' }, null, emptyPoints(asked), ranges, locality, f);
    expect(pm).toBeNull();
    expect(rm).toMatchObject({ level: 'range', locality: { zip5: '59004' } });
    expect(new Set(asked)).toEqual(new Set(['coversZip'])); // the ZIP, then the city's ZIPs
    expect([f.reasons, f.changes]).toEqual([[], []]);
  });

  it('asks the points first where they cover another ZIP of the city (points filed under a ZIP inferred)', () => {
    const asked: string[] = [];
    const f = new Findings();
    const { rm } = matchStreetLayers(given('105', 'PINE'), { ...ALPHA, zip5: '59004' }, null, emptyPoints(asked, ['59001']), ranges, locality, f);
    expect(asked).toContain('coversState');
    expect(rm).toMatchObject({ level: 'range', locality: { zip5: '59004' } });
  });

  it('asks the points first when the ranges would change the address, their findings undone', () => {
    const asked: string[] = [];
    const f = new Findings();
    f.reason('ZIP_NOT_CONFIRMED'); // found by the locality layer before
    const { pm, rm } = matchStreetLayers(given('105', 'ELM'), ALPHA, null, emptyPoints(asked), ranges, locality, f);
    expect(pm).toBeNull();
    expect(asked).toContain('coversState');
    // The same answer and findings as the range layer alone after the points found nothing.
    const alone = new Findings();
    alone.reason('ZIP_NOT_CONFIRMED');
    expect(rm).toEqual(matchRange(given('105', 'ELM'), ALPHA, null, ranges, locality, alone));
    expect([f.reasons, f.changes]).toEqual([alone.reasons, alone.changes]);
    expect(rm?.locality.zip5).toBe('59003');
  });

  it('leaves the findings as they were when the ranges\' answer is let go', () => {
    const f = new Findings();
    f.reason('ZIP_NOT_CONFIRMED');
    f.change('ZIP_ADDED', null, '59001');
    // ELM ST holds 105 in GAMMA's ZIP only: the ranges would correct the ZIP.
    expect(rangeAsGiven(given('105', 'ELM'), ALPHA, null, ranges, locality, f).asGiven).toBe(false);
    expect([f.reasons, f.changes]).toEqual([['ZIP_NOT_CONFIRMED'], [{ code: 'ZIP_ADDED', from: null, to: '59001' }]]);
    // 905 is past every range of the city's PINE ST: PARTIAL, let go too.
    expect(rangeAsGiven(given('905', 'PINE'), ALPHA, null, ranges, locality, f).asGiven).toBe(false);
    expect([f.reasons, f.changes]).toEqual([['ZIP_NOT_CONFIRMED'], [{ code: 'ZIP_ADDED', from: null, to: '59001' }]]);
  });
});
