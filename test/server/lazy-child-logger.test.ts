// The per-request logger fastify gets from lazyChildLogger: no pino child until something logs,
// then every level logs through one child carrying the request's bindings.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from '../../src/server/lazy-child-logger.js';

function capture(): { parent: FastifyBaseLogger; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({ write(chunk: Buffer, _enc, done) { chunks.push(chunk.toString()); done(); } });
  const parent = Fastify({ logger: { level: 'trace', stream } }).log; // fastify's pino logger
  return { parent, lines: () => chunks.join('').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('lazyChildLogger', () => {
  it('makes the child only when something logs, once, with the bindings', () => {
    const { parent, lines } = capture();
    const child = vi.spyOn(parent, 'child');
    const log = lazyChildLogger(parent, { request_id: 'r-1' }, {});
    expect(log.level).toBe('trace');
    expect(child).not.toHaveBeenCalled();
    log.fatal('f');
    log.error({ code: 'E' }, 'e');
    log.warn('w');
    log.info('i');
    log.debug('d');
    log.trace('t');
    log.silent('s');
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines().map((l) => [l.msg, l.request_id, l.level])).toEqual([
      ['f', 'r-1', 60], ['e', 'r-1', 50], ['w', 'r-1', 40], ['i', 'r-1', 30], ['d', 'r-1', 20], ['t', 'r-1', 10],
    ]);
    expect(lines()[1]).toMatchObject({ code: 'E' });
  });

  it('a level set on it applies to its child; a grandchild keeps both bindings', () => {
    const { parent, lines } = capture();
    const log = lazyChildLogger(parent, { request_id: 'r-2' }, {});
    log.level = 'warn';
    log.info('dropped');
    log.child({ part: 'x' }).warn('kept');
    expect(log.level).toBe('warn');
    expect(lines()).toEqual([expect.objectContaining({ msg: 'kept', request_id: 'r-2', part: 'x' })]);
  });
});
