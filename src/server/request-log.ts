/**
 * One structured JSON line per request on the server's log (stderr): method,
 * route, status, latency, account, error code. Never the key; addresses (the
 * query string and the body) only with --log-bodies.
 *
 * The line is the one the app's pino logger would write (level label, time,
 * pid, request_id, the fields, msg), built here as text and written to the
 * logger's stream: pino's generic serialization of it cost ~6 us a request,
 * a twentieth of a validation's whole cost on the server.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { elapsedMs } from './request-context.js';

/** Where request lines go: the logger's stream and level (pino's level names). */
export interface RequestLogSink {
  stream: NodeJS.WritableStream;
  level: string;
}

/** Levels of a logged body kept whole; deeper values are written as "[depth limit]". */
const BODY_DEPTH = 8;

/** A body cut to BODY_DEPTH levels of objects and arrays: JSON.stringify recurses, and throws on a body nested thousands deep. */
export function depthLimited(value: unknown, depth = BODY_DEPTH): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth === 0) return '[depth limit]';
  if (Array.isArray(value)) return value.map((v: unknown) => depthLimited(v, depth - 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = depthLimited(v, depth - 1);
  return out;
}

const LEVEL_VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
const INFO = 30;
const ERROR = 50;

/** An onResponse hook (callback style) that logs the request; `sink` null: no request lines. */
export function requestLog(logBodies: boolean, sink: RequestLogSink | null) {
  const threshold = sink === null ? Number.POSITIVE_INFINITY : (LEVEL_VALUES[sink.level] ?? Number.POSITIVE_INFINITY); // silent: none
  const pid = process.pid;
  return function logRequest(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
    const status = reply.statusCode;
    const level = status >= 500 ? ERROR : INFO;
    if (sink !== null && level >= threshold) {
      let line = `{"level":"${level === ERROR ? 'error' : 'info'}","time":${Date.now()},"pid":${pid},"request_id":${JSON.stringify(request.id)}`
        + `,"method":${JSON.stringify(request.method)}`
        + `,"route":${JSON.stringify(request.routeOptions.url ?? null)}` // the route's pattern, not the URL: no query string
        + `,"status":${status},"latency_ms":${elapsedMs(request)}`
        + `,"account":${JSON.stringify(request.account?.name ?? null)},"error":${JSON.stringify(reply.errorCode)}`;
      if (logBodies) line += `,"url":${JSON.stringify(request.url)},"body":${JSON.stringify(depthLimited(request.body ?? null))}`;
      sink.stream.write(`${line},"msg":"request"}\n`);
    }
    done();
  };
}
