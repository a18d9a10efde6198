/**
 * Query strings are text; their schemas say integer or boolean. Fastify's
 * validator is told not to coerce (a JSON body with "limit": "5" is a 400),
 * so this preValidation step converts the query values a schema types as
 * integer, number or boolean, when they are written as one; anything else is
 * left as text for the schema to refuse with a 400.
 */
import type { FastifyRequest } from 'fastify';

interface QuerySchema {
  properties?: Record<string, { type?: string }>;
}

const INTEGER = /^-?\d{1,15}$/;
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

function convert(type: string | undefined, value: string): unknown {
  switch (type) {
    case 'integer': return INTEGER.test(value) ? Number(value) : value;
    case 'number': return NUMBER.test(value) ? Number(value) : value;
    case 'boolean': return value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value;
    default: return value;
  }
}

/** A preValidation hook for a route whose query schema is `schema`. */
export function coerceQuery(schema: object) {
  const properties = (schema as QuerySchema).properties ?? {};
  const typed = Object.entries(properties).filter(([, p]) => p.type === 'integer' || p.type === 'number' || p.type === 'boolean');
  return async function coerceQueryValues(request: FastifyRequest): Promise<void> {
    const query = request.query as Record<string, unknown>;
    for (const [name, property] of typed) {
      const value = query[name];
      if (typeof value === 'string') query[name] = convert(property.type, value);
    }
  };
}
