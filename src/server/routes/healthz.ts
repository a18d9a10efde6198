/** GET /healthz — liveness, without a key: the versions served, the uptime and the workers running. */
import { ENGINE_VERSION } from '../../core/model/version.js';
import type { RouteSpec } from '../route-spec.js';
import { Health } from '../schemas.js';

/** GET /healthz. */
export const healthzGet: RouteSpec = {
  method: 'GET',
  url: '/healthz',
  access: { auth: false, usage: null },
  schema: {},
  doc: {
    operationId: 'health',
    summary: 'Liveness check (no key needed)',
    description: 'Answers 200 while the server runs, with the engine and data versions it serves and how many worker processes answer on its port.',
    tags: ['operations'],
    response: Health,
    responseDescription: 'The server is up.',
    errors: [],
  },
  handler: (ctx) => async () => ({
    status: 'ok',
    engine_version: ENGINE_VERSION,
    data_version: ctx.engine.ports.locality.dataVersion(),
    contract: ctx.contract,
    uptime_s: Math.round((Date.now() - ctx.startedAt) / 1000),
    workers: ctx.workers(),
  }),
};
