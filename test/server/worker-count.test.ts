// The number of `addr serve` processes (src/server/cluster.ts): --workers when given, else one per
// CPU with accounts in PostgreSQL and one process with accounts.sqlite; anything else is refused.
import { describe, expect, it } from 'vitest';
import { workerCount } from '../../src/server/cluster.js';

describe('workerCount', () => {
  it('defaults to the CPUs with a shared store, to one process with accounts.sqlite', () => {
    expect(workerCount(undefined, 8, true)).toBe(8);
    expect(workerCount(undefined, 8, false)).toBe(1);
  });

  it('takes --workers as given, whichever the store', () => {
    expect(workerCount(3, 8, false)).toBe(3);
    expect(workerCount(1, 8, true)).toBe(1);
  });

  it('refuses a count that is not a whole number of at least 1', () => {
    expect(() => workerCount(0, 8, true)).toThrow('at least 1');
    expect(() => workerCount(1.5, 8, false)).toThrow('whole number');
  });
});
