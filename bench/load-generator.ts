/**
 * The load generator of the serve section (serve-bench.ts), run as its own
 * process: autocannon with the run's settings read as JSON from stdin, its
 * figures written as JSON lines to stdout: the warm-up run's as it ends (the
 * measured run begins), then the measured run's. In its own process, the load generator's
 * garbage collections are its own small heap's: run from the bench process
 * (hundreds of MB held by the sections before), autocannon paused for tens of
 * milliseconds at a time and counted the pauses as server latency (echo p99
 * 11 ms in the full bench against 3 ms alone).
 */
import autocannon from 'autocannon';

/** What the serve section asks for. */
export interface LoadRequest {
  url: string;
  connections: number;
  warmup: number; // seconds of a first run, its figures returned apart (the generator's own JIT warms up too)
  seconds: number;
  headers: Record<string, string>;
  bodies: string[]; // POST /v1/validate bodies, cycled through
}

/** What it gets back. */
export interface Load {
  rps: number; // mean requests per second
  p50: number;
  p99: number; // ms
  ok: number; // 2xx answers
  bad: number; // errors, timeouts and non-2xx answers
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const request = JSON.parse(await readStdin()) as LoadRequest;

async function run(seconds: number): Promise<Load> {
  const result = await autocannon({
    url: request.url,
    connections: request.connections,
    pipelining: 1,
    duration: seconds,
    requests: request.bodies.map((body) => ({ method: 'POST', path: '/v1/validate', headers: request.headers, body })),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    bad: result.errors + result.timeouts + result.non2xx,
  };
}

// One line when the warm-up ends (the measured run begins), one when the measured run ends.
process.stdout.write(`${JSON.stringify(await run(request.warmup))}\n`);
process.stdout.write(`${JSON.stringify(await run(request.seconds))}\n`);
