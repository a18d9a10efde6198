// Spreadsheet jobs over HTTP against a real app and real `addr batch` runs:
// metering against the allowance (partial jobs, 429/402 before anything is
// stored), the result exactly as batch writes it, ownership, media types,
// multipart and XLSX, limits, and the preview of the column mapping. Resuming after a
// restart is tested with the real binary (spreadsheets-serve.test.ts).
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { runCli } from '../commands/run-cli.js';
import { bearer, makeServer } from './server-fixture.js';
import type { TestServer } from './server-fixture.js';

const HEADER = 'id,Name,Street,City,State,Zip,Notes';
const STREETS = ['1 Beacon St', '24 Beacon St', '45 School St', '100 Cambridge St', '1 Ashburton Pl', '20 Ashburton Pl', '26 Court St', '60 State St'];
/** An 8-row CSV of Boston addresses whose ZIPs lost their leading zero. */
const EIGHT = [HEADER, ...STREETS.map((s, i) => `${i + 1},Person ${i + 1},${s},Boston,MA,2108,"note, ${i + 1}"`)].join('\n') + '\n';

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

const csv = { 'content-type': 'text/csv' };

async function post(s: TestServer, key: string, body: string | Buffer, headers: Record<string, string> = csv, query = '') {
  return s.app.inject({ method: 'POST', url: `/v1/spreadsheets${query}`, headers: { ...bearer(key), ...headers }, payload: body });
}

/** Polls a job until it is no longer queued or running. */
async function settle(s: TestServer, key: string, id: string): Promise<Record<string, unknown>> {
  for (;;) {
    const res = await s.app.inject({ method: 'GET', url: `/v1/spreadsheets/${id}`, headers: bearer(key) });
    const job = res.json() as Record<string, unknown>;
    if (job.status !== 'queued' && job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const jobDirs = (s: TestServer): string[] => readdirSync(join(s.dir, 'spreadsheets'));

describe('POST /v1/spreadsheets', () => {
  it('Free Beta with 5 rows left: 5 rows validated (ZIPs repaired, every column kept), 3 unprocessed; the next file is 429 and not stored', async () => {
    server = await makeServer({ jobs: {} });
    const key = await server.account({ name: 'beta', plan: 'free_beta', emailVerified: true, dailyRows: 10 });
    await server.store.consume('beta', { kind: 'validation', rows: 5 }, new Date());

    const res = await post(server, key, EIGHT, csv, '?name=people.csv');
    expect(res.statusCode).toBe(202);
    const created = res.json() as { id: string; status: string; links: { self: string; result: string }; rows_total: number; columns: Record<string, string> };
    expect(created.id).toMatch(/^ss_/);
    expect(res.headers.location).toBe(`/v1/spreadsheets/${created.id}`);
    expect(created.links.result).toBe(`/v1/spreadsheets/${created.id}/result`);
    expect(created.rows_total).toBe(8);
    expect(created.columns).toEqual({ line1: 'Street', city: 'City', state: 'State', zip: 'Zip' });

    const job = await settle(server, key, created.id);
    expect(job).toMatchObject({ status: 'partial', rows_done: 5, unprocessed: 3, rows_total: 8 });
    expect(Object.values(job.counts as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(5);
    expect((job.error as { error: string; message: string }).error).toBe('quota_exceeded');
    expect((job.error as { message: string }).message).toMatch(/daily allowance of 10 rows.*5 rows were validated; the last 3 rows of the file were left unprocessed/);
    expect(job.finished_at).toEqual(expect.any(String));

    const result = await server.app.inject({ method: 'GET', url: `/v1/spreadsheets/${created.id}/result`, headers: bearer(key) });
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toMatch(/^text\/csv/);
    expect(result.headers['content-disposition']).toBe('attachment; filename="people.validated.csv"');
    const rows = parse(result.body) as string[][];
    const header = rows[0] as string[];
    expect(header.slice(0, 7)).toEqual(HEADER.split(','));
    expect(header.slice(7, 9)).toEqual(['addr_status', 'addr_confidence']);
    expect(rows).toHaveLength(6);
    const zip5 = header.indexOf('addr_zip5');
    rows.slice(1).forEach((row, i) => {
      expect(row.slice(0, 7)).toEqual([String(i + 1), `Person ${i + 1}`, STREETS[i], 'Boston', 'MA', '2108', `note, ${i + 1}`]);
      expect(row[zip5]).toBe('02108');
      expect(['VALIDATED', 'CORRECTED']).toContain(row[7]);
    });
    expect((await server.usage('beta'))).toMatchObject({ validation: 5, batch_row: 5 });

    const again = await post(server, key, EIGHT);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ error: 'quota_exceeded' });
    expect(jobDirs(server)).toEqual([created.id]);
  });

  it('a production account without overage and nothing left gets 402 before anything is stored', async () => {
    server = await makeServer({ jobs: {} });
    const key = await server.account({ name: 'prod', plan: 'production', includedLookups: 3, overage: false });
    await server.store.consume('prod', { kind: 'validation', rows: 3 }, new Date());
    const res = await post(server, key, EIGHT);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: 'lookup_limit_exceeded' });
    expect(jobDirs(server)).toEqual([]);
  });

  it('takes an XLSX workbook as multipart/form-data with options as fields, and writes the result in the format asked', async () => {
    server = await makeServer({ jobs: {} });
    const key = await server.account({ name: 'acme', plan: 'unlimited' });
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Leads');
    sheet.addRow(['Ref', 'Where', 'Town', 'St', 'Post']);
    sheet.addRow(['a1', '1 Beacon St', 'Boston', 'MA', '2108']);
    sheet.addRow(['a2', '24 Beacon St', 'Boston', 'MA', '02108']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const form = new FormData();
    form.append('columns', 'line1=Where,city=Town,state=St,zip=Post');
    form.append('format', 'csv');
    form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), 'leads.xlsx');
    const request = new Request('http://x/', { method: 'POST', body: form });
    const payload = Buffer.from(await request.arrayBuffer());
    const res = await post(server, key, payload, { 'content-type': request.headers.get('content-type') as string });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ input_format: 'xlsx', output_format: 'csv', sheet: 'Leads', file_name: 'leads.xlsx', columns: { line1: 'Where', zip: 'Post' } });
    const id = (res.json() as { id: string }).id;
    expect(await settle(server, key, id)).toMatchObject({ status: 'done', rows_done: 2, unprocessed: 0 });
    const result = await server.app.inject({ method: 'GET', url: `/v1/spreadsheets/${id}/result`, headers: bearer(key) });
    const rows = parse(result.body) as string[][];
    expect(rows[1]?.slice(0, 5)).toEqual(['a1', '1 Beacon St', 'Boston', 'MA', '2108']);
    expect(rows[1]?.[(rows[0] as string[]).indexOf('addr_zip5')]).toBe('02108');

    const page = await server.app.inject({ method: 'GET', url: `/v1/spreadsheets/${id}/rows?limit=1&offset=1`, headers: bearer(key) });
    expect(page.json()).toMatchObject({ total: 2, matched: 2, status_column: 5 });
    expect((page.json() as { rows: string[][] }).rows.map((r) => r[0])).toEqual(['a2']);
  });

  it('a job belongs to its account: another key gets 404 on every job endpoint; its result is byte for byte what addr batch writes', async () => {
    server = await makeServer({ jobs: {} });
    const owner = await server.account({ name: 'owner', plan: 'unlimited' });
    const other = await server.account({ name: 'other', plan: 'unlimited' });
    const crlf = EIGHT.replace(/\n/g, '\r\n');
    const id = ((await post(server, owner, crlf)).json() as { id: string }).id;
    expect(await settle(server, owner, id)).toMatchObject({ status: 'done', rows_done: 8 });
    const result = await server.app.inject({ method: 'GET', url: `/v1/spreadsheets/${id}/result`, headers: bearer(owner) });
    const work = mkdtempSync(join(tmpdir(), 'addr-batch-'));
    onTestFinished(() => rmSync(work, { recursive: true, force: true }));
    writeFileSync(join(work, 'in.csv'), crlf);
    expect(runCli(['batch', 'in.csv', '-o', 'out.csv'], { cwd: work }).code).toBe(0);
    expect(result.rawPayload.equals(readFileSync(join(work, 'out.csv')))).toBe(true);

    for (const [method, url] of [['GET', ''], ['GET', '/result'], ['GET', '/rows'], ['DELETE', '']] as const) {
      const res = await server.app.inject({ method, url: `/v1/spreadsheets/${id}${url}`, headers: bearer(other) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toMatchObject({ error: 'not_found' });
    }
    const gone = await server.app.inject({ method: 'GET', url: '/v1/spreadsheets/../../accounts.sqlite', headers: bearer(owner) });
    expect(gone.statusCode).toBe(404);
    const del = await server.app.inject({ method: 'DELETE', url: `/v1/spreadsheets/${id}`, headers: bearer(owner) });
    expect(del.statusCode).toBe(204);
    expect(jobDirs(server)).toEqual([]);
    expect((await server.app.inject({ method: 'GET', url: `/v1/spreadsheets/${id}`, headers: bearer(owner) })).statusCode).toBe(404);
  });

  it('queued jobs: the result is 409 until finished, and an account has at most 5 jobs waiting (429 too_many_jobs)', async () => {
    server = await makeServer({ jobs: { maxRunning: 0 } });
    const key = await server.account({ name: 'acme', plan: 'unlimited' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(((await post(server, key, EIGHT)).json() as { id: string; status: string }).id);
    const res = await server.app.inject({ method: 'GET', url: `/v1/spreadsheets/${ids[0]}/result`, headers: bearer(key) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'job_not_finished' });
    const sixth = await post(server, key, EIGHT);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ error: 'too_many_jobs' });
    expect(jobDirs(server)).toHaveLength(5);
    expect((await server.app.inject({ method: 'DELETE', url: `/v1/spreadsheets/${ids[0]}`, headers: bearer(key) })).statusCode).toBe(204);
    expect((await post(server, key, EIGHT)).statusCode).toBe(202);
  });

  it('refuses what is not a spreadsheet: other media types (415), no address column and empty files (400), a sheet of a CSV (400); nothing is kept', async () => {
    server = await makeServer({ jobs: {} });
    const key = await server.account({ name: 'acme', plan: 'unlimited' });
    const json = await post(server, key, '{"a":1}', { 'content-type': 'application/json' });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toMatch(/text\/csv/);
    const noAddress = await post(server, key, 'a,b\n1,2\n');
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().message).toMatch(/No address column/);
    expect((await post(server, key, '')).statusCode).toBe(400);
    expect((await post(server, key, EIGHT, csv, '?sheet=Leads')).statusCode).toBe(400);
    expect((await post(server, key, EIGHT, csv, '?format=pdf')).statusCode).toBe(400);
    expect((await post(server, key, EIGHT, csv, '?columns=line1=Nope')).json().message).toMatch(/no column 'Nope'/);
    expect(jobDirs(server)).toEqual([]);
  });

  it('preview: the header, the detected mapping and the first rows, with nothing stored or metered', async () => {
    server = await makeServer({ jobs: {} });
    const key = await server.account({ name: 'beta', plan: 'free_beta', emailVerified: true, dailyRows: 10 });
    const res = await server.app.inject({ method: 'POST', url: '/v1/spreadsheets/preview', headers: { ...bearer(key), 'content-type': 'text/tab-separated-values' }, payload: 'Address\tNote\n1 Beacon St Boston MA 02108\tx\n' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ format: 'tsv', sheet: null, headers: ['Address', 'Note'], columns: { address: 'Address' }, problem: null, rows_total: 1, sample: [['1 Beacon St Boston MA 02108', 'x']] });
    const unmapped = await server.app.inject({ method: 'POST', url: '/v1/spreadsheets/preview', headers: { ...bearer(key), ...csv }, payload: 'a,b\n1,2\n' });
    expect(unmapped.json()).toMatchObject({ headers: ['a', 'b'], columns: {}, problem: expect.stringMatching(/No address column/) });
    expect(jobDirs(server)).toEqual([]);
    expect((await server.usage('beta'))).toMatchObject({ validation: 0, batch_row: 0 });
  });

  it('removes a finished job after the retention period', async () => {
    let clock = Date.now();
    const now = (): Date => new Date(clock);
    server = await makeServer({ now, jobs: { now, retentionMs: 60_000 } });
    const key = await server.account({ name: 'acme', plan: 'unlimited' });
    const id = ((await post(server, key, EIGHT)).json() as { id: string }).id;
    const job = await settle(server, key, id);
    expect(Date.parse(job.expires_at as string) - Date.parse(job.finished_at as string)).toBe(60_000);
    clock += 61_000;
    expect((await server.app.inject({ method: 'GET', url: `/v1/spreadsheets/${id}`, headers: bearer(key) })).statusCode).toBe(404);
    expect(existsSync(join(server.dir, 'spreadsheets', id, 'job.json'))).toBe(true); // until the sweep
  });
});

describe('GET /v1/account', () => {
  it('the plan, what is left, usage by day and the keys by prefix only', async () => {
    server = await makeServer();
    const key = await server.account({ name: 'beta', plan: 'free_beta', emailVerified: true, dailyRows: 10 });
    await server.store.consume('beta', { kind: 'validation', rows: 4 }, new Date());
    const res = await server.app.inject({ method: 'GET', url: '/v1/account', headers: bearer(key) });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { allowance: unknown; usage: unknown[]; keys: { prefix: string }[] };
    expect(body).toMatchObject({ account: 'beta', plan: 'free_beta', allowance: { window: 'day', rows: 10, used: 4, remaining: 6 } });
    expect(body.usage).toEqual([expect.objectContaining({ validation: 4, batch_row: 0 })]);
    expect(body.keys).toHaveLength(1);
    expect(key.startsWith(body.keys[0]?.prefix as string)).toBe(true);
    expect(res.body).not.toContain(key);
    expect((await server.app.inject({ method: 'GET', url: '/v1/account' })).statusCode).toBe(401);
  });
});
