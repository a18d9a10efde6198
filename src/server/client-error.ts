/**
 * Requests Node's HTTP parser refuses before fastify sees them (a bad or
 * duplicate Content-Length, Content-Length with Transfer-Encoding, a bad chunk,
 * bad header syntax, an unknown method, bytes that are not HTTP), headers over
 * the size limit, and requests that do not arrive within the timeouts: each is
 * answered with the documented error body (error, message, request_id) and an
 * x-request-id header, as every other error is (error-handler.ts), then the
 * connection is closed. The log line names the parser's code and reason only:
 * never the raw bytes, which hold the Authorization header.
 */
import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { AddrError } from '../core/model/errors.js';
import { errorBody } from './error-handler.js';
import { HTTP_ERRORS } from './http-errors.js';

/** What the answers quote: the limits in force. */
export interface ClientErrorLimits {
  maxHeaderBytes: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

/** An error of Node's HTTP parser (llhttp) or server. */
interface ParserError extends Error {
  code?: string;
  reason?: string;
}

const seconds = (ms: number): string => String(Math.round(ms / 100) / 10);

/** The catalog error a client error stands for. */
export function clientErrorOf(err: ParserError, limits: ClientErrorLimits): AddrError {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return new AddrError('ADDR_ERR_HTTP_TIMEOUT', [seconds(limits.headersTimeoutMs), seconds(limits.requestTimeoutMs)]);
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') return new AddrError('ADDR_ERR_HTTP_HEADERS_TOO_LARGE', [String(limits.maxHeaderBytes)]);
  // llhttp's reasons are fixed texts ("Invalid method encountered", "Duplicate Content-Length"), never request bytes.
  const reason = typeof err.reason === 'string' && err.reason !== '' ? err.reason : (err.code ?? 'unreadable request');
  return new AddrError('ADDR_ERR_HTTP_MALFORMED', [reason.slice(0, 120)]);
}

/** fastify's clientErrorHandler option (called with the fastify instance as `this`). */
export function clientErrorHandler(limits: ClientErrorLimits) {
  return function answerClientError(this: { log: FastifyBaseLogger }, err: ParserError, socket: Socket): void {
    // A connection reset or an already closed socket: there is no one to answer.
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const mapped = clientErrorOf(err, limits);
    const answer = HTTP_ERRORS[mapped.code];
    const requestId = randomUUID();
    this.log.debug({ request_id: requestId, code: err.code ?? null, error: mapped.code, status: answer.status }, 'client error');
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify(errorBody(mapped, requestId));
    // Closed once the answer is written: what the client still sends is not read.
    socket.end(`HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Error'}\r\n`
      + 'Content-Type: application/json; charset=utf-8\r\n'
      + `Content-Length: ${Buffer.byteLength(body)}\r\n`
      + `x-request-id: ${requestId}\r\n`
      + 'Connection: close\r\n\r\n'
      + body, () => socket.destroy());
  };
}
