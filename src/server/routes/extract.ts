/**
 * POST /v1/addresses/extract — every U.S. address in a text (plain or HTML),
 * each with its exact offsets and its validation in the request's contract
 * (X-Contract, else --contract). Each address found is metered as one
 * validation, as `addr extract` meters it:
 *   1. one unit is granted before the engine runs (an account with nothing
 *      left is refused 429/402 and the text is not read);
 *   2. the text is extracted; the units for the other addresses are then
 *      granted as far as the allowance goes (partial), and the addresses past
 *      it are left out and counted in `unprocessed`;
 *   3. a text without an address gives its unit back: it costs nothing.
 * Its body limit is larger than the other endpoints' (LIMITS.extractBodyLimitBytes).
 */
import type { ExtractedAddress } from '../../core/engine.js';
import { AddrError, isAddrError } from '../../core/model/errors.js';
import { toVariantAResult } from '../../core/views/variant-a-result.js';
import { toVariantBResult } from '../../core/views/variant-b-result.js';
import { contractOf } from '../contract.js';
import { engineFailure } from '../engine-call.js';
import { LIMITS } from '../limits.js';
import { accountOf, elapsedMs } from '../request-context.js';
import type { RouteSpec } from '../route-spec.js';
import { ExtractRequest, ExtractResult } from '../schemas.js';

interface ExtractBody {
  text: string;
  format?: 'auto' | 'text' | 'html';
  aggressive?: boolean;
  options?: { geocode?: boolean; include_reason_codes?: boolean };
}

/** POST /v1/addresses/extract. */
export const extractPost: RouteSpec = {
  method: 'POST',
  url: '/v1/addresses/extract',
  access: { auth: true, usage: 'validation' },
  bodyLimit: LIMITS.extractBodyLimitBytes,
  schema: { body: ExtractRequest },
  doc: {
    operationId: 'extractAddresses',
    summary: 'Extract and validate every address in a free-form text',
    description: 'Finds every U.S. address in `text` (plain text or HTML) and validates each; `start`/`end` are offsets into `text` as sent. '
      + 'Each result follows the request\'s contract (X-Contract, else the server default); Variant B `options` apply to each. '
      + 'Each address found is metered as one validation: an account with nothing left is refused before the text is read; '
      + 'when the allowance runs out part way, the addresses past it are left out and counted in `unprocessed`. A text without an address costs nothing. '
      + `Bodies up to ${LIMITS.extractBodyLimitBytes} bytes. Texts over ${LIMITS.extract.offThreadChars} characters are read on a worker thread, one at a time, `
      + `so they never hold up other requests; one that needs more than ${LIMITS.extract.budgetMs / 1000} s of work is refused (413 payload_too_large, not charged).`,
    tags: ['extraction'],
    response: ExtractResult,
    responseDescription: 'The addresses found, in the order of the text.',
    errors: [400, 401, 402, 403, 413, 429, 500, 502],
    contractHeader: true,
  },
  handler: (ctx) => async (request) => {
    const body = request.body as ExtractBody;
    const contract = contractOf(request, ctx.contract);
    if (body.text.trim() === '') throw new AddrError('ADDR_ERR_INPUT_INVALID', ['`text` is empty: send the text to find addresses in.']);
    const account = accountOf(request);
    const first = await ctx.meter.admit(account.name, 'validation', 1);
    let found: ExtractedAddress[];
    const what = { aggressive: body.aggressive === true, input: body.format ?? 'auto' } as const;
    try {
      // A large text is read on the extraction thread: however long it takes, the event loop serves the others meanwhile.
      found = ctx.extractOffThread !== undefined && body.text.length > LIMITS.extract.offThreadChars
        ? await ctx.extractOffThread(body.text, { ...what, requestId: request.id, elapsedMs: performance.now() - request.startedAt })
        : ctx.engine.extract(body.text, { ...what, requestId: request.id, startedAt: request.startedAt, now: () => performance.now() });
    } catch (err) {
      await ctx.meter.release(first);
      throw isAddrError(err) && err.code === 'ADDR_ERR_EXTRACT_BUDGET' ? err : engineFailure(err);
    }
    let granted = 1;
    if (found.length === 0) {
      await ctx.meter.release(first);
      granted = 0;
    } else if (found.length > 1) {
      // The rest as far as the allowance goes; a quota refusal now (it ran out meanwhile) serves the first address
      // alone. Any other refusal (the account suspended meanwhile, the database failing) refuses the request.
      try {
        granted += (await ctx.meter.admit(account.name, 'validation', found.length - 1, true)).units;
      } catch (err) {
        if (!(isAddrError(err) && (err.code === 'ADDR_ERR_QUOTA_EXCEEDED' || err.code === 'ADDR_ERR_LOOKUP_LIMIT'))) {
          await ctx.meter.release(first);
          throw err;
        }
      }
    }
    const b = { geocode: body.options?.geocode === true, includeReasonCodes: body.options?.include_reason_codes === true };
    return {
      id: request.id,
      addresses: found.slice(0, granted).map((f) => ({
        text: f.text,
        start: f.start,
        end: f.end,
        line: f.line,
        end_line: f.end_line,
        kind: f.kind,
        result: contract === 'a' ? toVariantAResult(f.result) : toVariantBResult(f.result, b),
      })),
      found: found.length,
      unprocessed: found.length - granted,
      latency_ms: elapsedMs(request),
    };
  },
};
