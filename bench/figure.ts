/** One figure of a bench section: the bench table's row (bench.ts figureRows), its value beside its peer and target. */
export interface Figure {
  metric: string;
  value: number;
  unit: string; // 'ms' figures are latencies (the peer a p50); the others rates, sizes or counts
  peer: number | null;
  target: string;
  pass: boolean | null; // null: reported, no target
}
