// Findings (src/core/model/findings.ts): a mark of what they hold, whether a layer added
// anything since, and putting them back (the street layers' first ask, validate/street-layers.ts).
import { describe, expect, it } from 'vitest';
import { Findings } from '../../src/core/model/findings.js';

describe('Findings marks', () => {
  it('tells whether anything was recorded, dropped or amended since a mark, and rolls back to it', () => {
    const f = new Findings();
    f.reason('ZIP_NOT_CONFIRMED');
    f.change('ZIP_ADDED', null, '59001');
    const m = f.mark();
    expect(f.sameAs(m)).toBe(true);
    f.reason('ZIP_NOT_CONFIRMED'); // recorded once: nothing new
    expect(f.sameAs(m)).toBe(true);
    f.amend('ZIP_ADDED', null, '59004');
    expect(f.sameAs(m)).toBe(false);
    f.rollback(m);
    expect(f.changes).toEqual([{ code: 'ZIP_ADDED', from: null, to: '59001' }]);
    f.drop('ZIP_NOT_CONFIRMED');
    expect(f.sameAs(m)).toBe(false);
    f.change('SUFFIX_ADDED', null, 'ST');
    f.rollback(m);
    expect([f.reasons, f.changes]).toEqual([['ZIP_NOT_CONFIRMED'], [{ code: 'ZIP_ADDED', from: null, to: '59001' }]]);
    expect(f.sameAs(m)).toBe(true);
  });

  it('keeps a mark as it was when the findings change after it, or after a rollback to it', () => {
    const f = new Findings();
    f.change('ZIP_ADDED', null, '59001');
    const m = f.mark();
    f.amend('ZIP_ADDED', null, '59004');
    expect(m.changes).toEqual([{ code: 'ZIP_ADDED', from: null, to: '59001' }]);
    f.rollback(m);
    f.amend('ZIP_ADDED', null, '59003');
    expect(m.changes).toEqual([{ code: 'ZIP_ADDED', from: null, to: '59001' }]);
  });
});
