// Over a raw socket: requests Node's HTTP parser refuses, headers over the limit,
// and requests that stall, are answered with the documented error body and an
// x-request-id (never fastify's {"statusCode":400,...}); and at the most verbose
// log level no line holds the key sent with them.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeServer } from './server-fixture.js';
import type { TestServer } from './server-fixture.js';

let s: TestServer;
let port: number;
let key: string;
const lines: string[] = [];

beforeAll(async () => {
  const stream = { write: (l: string) => lines.push(l) } as unknown as NodeJS.WritableStream;
  s = await makeServer({ logger: { level: 'trace', stream }, http: { headersTimeoutMs: 300, requestTimeoutMs: 600 } });
  key = await s.account({ name: 'acme', plan: 'production' });
  const url = await s.app.listen({ host: '127.0.0.1', port: 0 });
  port = Number(new URL(url).port);
});
afterAll(async () => s.close());

/** Sends `text` and resolves with what the server answered once it closes the connection. */
function raw(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => { answer += String(chunk); });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

/** The last answer on the connection (a request refused in its body may follow an answer to its headers). */
function parse(answer: string): { status: number; headers: Record<string, string>; body: Record<string, unknown> } {
  const [head = '', body = ''] = (answer.split(/(?=HTTP\/1\.1 \d{3} )/).at(-1) ?? '').split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as Record<string, unknown> };
}

const auth = (): string => `Authorization: Bearer ${key}\r\n`;

describe('requests the HTTP parser refuses', () => {
  it.each([
    ['two Content-Length headers', () => `POST /v1/validate HTTP/1.1\r\nHost: x\r\n${auth()}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}`],
    ['a Content-Length that is not a number', () => `POST /v1/validate HTTP/1.1\r\nHost: x\r\n${auth()}Content-Length: 1x\r\n\r\n{}`],
    ['Content-Length with Transfer-Encoding', () => `POST /v1/validate HTTP/1.1\r\nHost: x\r\n${auth()}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`],
    ['a bad chunk size', () => `POST /healthz HTTP/1.1\r\nHost: x\r\n${auth()}Transfer-Encoding: chunked\r\n\r\nzz\r\n`],
    ['a space in a header name', () => `GET /healthz HTTP/1.1\r\nHo st: x\r\n${auth()}\r\n`],
    ['an unknown method', () => `BREW /healthz HTTP/1.1\r\nHost: x\r\n${auth()}\r\n`],
    ['bytes that are not HTTP', () => `\u0000\u0001garbage ${key}\r\n\r\n`],
  ])('%s: 400 bad_request with request_id and x-request-id', async (_name, request) => {
    const answer = parse(await raw(request()));
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.body).toEqual({ error: 'bad_request', message: expect.stringContaining('not valid HTTP/1.1'), request_id: answer.headers['x-request-id'] });
  });

  it('headers over 16 KiB: 431 request_header_fields_too_large', async () => {
    const answer = parse(await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\n${auth()}X-Pad: ${'a'.repeat(17_000)}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.body).toMatchObject({ error: 'request_header_fields_too_large', request_id: answer.headers['x-request-id'] });
  });
});

describe('timeouts', () => {
  it('headers that never end: 408 request_timeout, and the connection is closed', async () => {
    const answer = parse(await raw(`GET /healthz HTTP/1.1\r\nHost: x\r\n${auth()}`));
    expect(answer.status).toBe(408);
    expect(answer.body).toMatchObject({ error: 'request_timeout', request_id: answer.headers['x-request-id'] });
  });

  it('a body that stalls after its headers, with a valid key: 408, nothing charged', async () => {
    const before = (await s.usage('acme')).validation;
    const answer = parse(await raw(`POST /v1/validate HTTP/1.1\r\nHost: x\r\n${auth()}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"input":`));
    expect(answer.status).toBe(408);
    expect(answer.body).toMatchObject({ error: 'request_timeout' });
    expect((await s.usage('acme')).validation).toBe(before);
  });
});

describe('kept-alive and excess connections', () => {
  it('an idle kept-alive connection is closed after --keep-alive-timeout; connections over --max-connections are closed unanswered', async () => {
    const small = await makeServer({ http: { keepAliveTimeoutMs: 200, maxConnections: 1 } });
    try {
      const smallPort = Number(new URL(await small.app.listen({ host: '127.0.0.1', port: 0 })).port);
      const first = connect(smallPort, '127.0.0.1');
      let firstAnswer = '';
      first.on('data', (chunk) => { firstAnswer += String(chunk); });
      const firstClosed = new Promise<void>((resolve) => first.on('close', () => resolve()));
      await new Promise<void>((resolve) => first.on('connect', () => resolve()));
      first.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'); // kept alive after its answer
      await new Promise<void>((resolve) => first.once('data', () => resolve()));
      // While the first is open, a second connection is over the cap: closed without an answer.
      const second = await new Promise<string>((resolve) => {
        const socket = connect(smallPort, '127.0.0.1', () => socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n'));
        let answer = '';
        socket.on('data', (chunk) => { answer += String(chunk); });
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(answer));
      });
      expect(second).toBe('');
      await firstClosed; // the server closed the idle connection
      expect(firstAnswer).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      await small.close();
    }
  });
});

describe('two Authorization headers', () => {
  it('are refused 401 and charge nothing, even when both hold the same valid key', async () => {
    const one = parse(await raw(`GET /v1/validate?input=1+Main+St+Sebastopol+CA HTTP/1.1\r\nHost: x\r\n${auth()}Connection: close\r\n\r\n`));
    expect(one.status).toBe(200);
    const before = (await s.usage('acme')).validation;
    const two = parse(await raw(`GET /v1/validate?input=1+Main+St+Sebastopol+CA HTTP/1.1\r\nHost: x\r\n${auth()}${auth()}Connection: close\r\n\r\n`));
    expect(two.status).toBe(401);
    expect(two.body).toMatchObject({ error: 'unauthorized', request_id: two.headers['x-request-id'] });
    expect((await s.usage('acme')).validation).toBe(before);
  });
});

describe('the log at --log-level trace', () => {
  it('holds no key, whatever was refused', async () => {
    await raw(`GET /healthz HTTP/1.1\r\nHo st: x\r\n${auth()}\r\n`);
    await raw(`GET /v1/validate?input=x HTTP/1.1\r\nHost: x\r\n${auth()}${auth()}Connection: close\r\n\r\n`);
    expect(lines.join('')).toContain('client error'); // the refusals were logged
    expect(lines.join('')).not.toContain(key);
    expect(lines.join('')).not.toContain(key.slice(5, 20));
  });
});
