// HTTP_ERRORS (src/server/http-errors.ts) and docs/errors.md's HTTP column agree,
// and every status the server can answer is one docs/api.md or docs/errors.md lists.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/core/model/errors.js';
import { HTTP_ERRORS } from '../../src/server/http-errors.js';

function documentedHttp(): Map<string, string> {
  const text = readFileSync(new URL('../../docs/errors.md', import.meta.url), 'utf8');
  const out = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('| ADDR_ERR_')) continue;
    const cells = line.slice(1, -1).split(/(?<!\\)\|/).map((c) => c.trim());
    out.set(cells[0] ?? '', cells[3] ?? '');
  }
  return out;
}

describe('HTTP error table', () => {
  const docs = documentedHttp();
  it.each(Object.keys(ERRORS))('%s is answered as docs/errors.md says', (code) => {
    const answer = HTTP_ERRORS[code as keyof typeof ERRORS];
    expect(`${answer.status} ${answer.error}`).toBe(docs.get(code));
  });

  it('uses the statuses and codes of docs/api.md for the contract errors', () => {
    expect(HTTP_ERRORS.ADDR_ERR_UNAUTHORIZED).toEqual({ status: 401, error: 'unauthorized', requestId: true });
    expect(HTTP_ERRORS.ADDR_ERR_ACCOUNT_SUSPENDED).toEqual({ status: 403, error: 'account_suspended', requestId: true });
    expect(HTTP_ERRORS.ADDR_ERR_EMAIL_UNVERIFIED).toEqual({ status: 403, error: 'email_verification_required', requestId: true });
    expect(HTTP_ERRORS.ADDR_ERR_FEATURE_UNAVAILABLE).toEqual({ status: 403, error: 'feature_unavailable', requestId: false });
    expect(HTTP_ERRORS.ADDR_ERR_QUOTA_EXCEEDED).toEqual({ status: 429, error: 'quota_exceeded', requestId: true });
    expect(HTTP_ERRORS.ADDR_ERR_LOOKUP_LIMIT).toEqual({ status: 402, error: 'lookup_limit_exceeded', requestId: true });
    expect(HTTP_ERRORS.ADDR_ERR_ENGINE_FAILED).toEqual({ status: 502, error: 'validation_failed', requestId: true });
    expect(HTTP_ERRORS.ADDR_ERR_SERVICE_UNAVAILABLE).toEqual({ status: 500, error: 'service_unavailable', requestId: true });
    expect(new Set(Object.values(HTTP_ERRORS).map((a) => a.status))).toEqual(new Set([400, 401, 402, 403, 404, 405, 408, 409, 413, 415, 429, 431, 500, 502, 503]));
  });
});
