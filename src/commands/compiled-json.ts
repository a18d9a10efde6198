/**
 * JSON of command results written by a serializer compiled from a schema (fast-json-stringify,
 * as the server's result-serializers.ts), producing exactly the text JSON.stringify would.
 *
 * A compiled serializer writes the schema's properties in the schema's order, drops properties
 * the schema does not name and coerces values to the schema's types; JSON.stringify writes an
 * object's own order and values. So each value is first checked against the schema by a check
 * compiled from it: its keys in the schema's order (absent optional ones skipped), no other
 * keys, every required one present, values of the schema's types (finite numbers). A value
 * that passes is written by the compiled serializer, any other by JSON.stringify: the output is
 * the same text either way, only its cost differs.
 */
import { createRequire } from 'node:module';
import type FastJson from 'fast-json-stringify';

// Loaded with the first compiled serializer, not with the command: it and ajv take ~100 ms to
// load, which a command printing one result would pay for nothing.
let fastJson: typeof FastJson | null = null;
function loadFastJson(): typeof FastJson {
  return (fastJson ??= createRequire(import.meta.url)('fast-json-stringify') as typeof FastJson);
}

/** A JSON schema as the compiled serializers read them (server/schemas.ts). */
export type JsonSchema = Readonly<Record<string, unknown>>;

type Check = (value: unknown) => boolean;

const any: Check = () => true;

function typesOf(schema: JsonSchema): readonly string[] {
  const t = schema.type;
  return Array.isArray(t) ? (t as string[]) : typeof t === 'string' ? [t] : [];
}

// An object, or null where the schema allows it.
function objectOrNull(schema: JsonSchema): Check {
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  const nullable = typesOf(schema).includes('null') || (alternatives?.some((a) => typesOf(a).includes('null')) ?? false);
  return (v) => (v === null ? nullable : typeof v === 'object' && !Array.isArray(v));
}

/**
 * A check that `value` is written by the compiled serializer of `schema` as JSON.stringify writes
 * it. Properties at the paths in `literal` ("result.input") hold objects that one object literal builds (their keys come
 * in one order, of fixed types): for them only object-or-null is checked, not each key again.
 */
export function compileShapeCheck(schema: JsonSchema, literal: ReadonlySet<string> = new Set(), path = ''): Check {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) {
    const checks = (alternatives as JsonSchema[]).map((a) => compileShapeCheck(a, literal, path));
    return (v) => {
      for (const c of checks) if (c(v)) return true;
      return false;
    };
  }
  const types = typesOf(schema);
  if (types.length === 0) return any; // written by JSON.stringify in the compiled serializer too
  const nullable = types.includes('null');
  if (types.includes('object')) {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const names = Object.keys(properties);
    const at = (n: string): string => (path === '' ? n : `${path}.${n}`);
    const checks = names.map((n) => (literal.has(at(n)) ? objectOrNull(properties[n] as JsonSchema) : compileShapeCheck(properties[n] as JsonSchema, literal, at(n))));
    const required = new Set((schema.required ?? []) as string[]);
    const mustHave = names.map((n) => required.has(n));
    return (v) => {
      if (v === null) return nullable;
      if (typeof v !== 'object' || Array.isArray(v)) return false;
      const o = v as Record<string, unknown>;
      let j = 0;
      for (const key in o) {
        const value = o[key];
        if (value === undefined) continue; // neither writes it (a required one fails below)
        while (j < names.length && names[j] !== key) {
          if (mustHave[j] === true) return false;
          j++;
        }
        if (j === names.length) return false; // a key out of the schema's order, or not in it
        if (!(checks[j] as Check)(value)) return false;
        j++;
      }
      for (; j < names.length; j++) if (mustHave[j] === true) return false;
      return true;
    };
  }
  if (types.includes('array')) {
    const item = schema.items !== undefined ? compileShapeCheck(schema.items as JsonSchema, literal, `${path}[]`) : any;
    return (v) => {
      if (v === null) return nullable;
      if (!Array.isArray(v)) return false;
      for (let i = 0; i < v.length; i++) if (!item(v[i])) return false;
      return true;
    };
  }
  const string = types.includes('string');
  const number = types.includes('number');
  const integer = types.includes('integer');
  const boolean = types.includes('boolean');
  // An alternative of anyOf is chosen by validating the value against it: its enums count.
  const allowed = Array.isArray(schema.enum) ? new Set<unknown>(schema.enum as unknown[]) : null;
  if (allowed !== null) return (v) => allowed.has(v) && (typeof v === 'string' ? string : typeof v === 'number' ? number || integer : v === null && nullable);
  return (v) => {
    switch (typeof v) {
      case 'string': return string;
      case 'number': return (number && Number.isFinite(v)) || (integer && Number.isInteger(v));
      case 'boolean': return boolean;
      default: return v === null && nullable;
    }
  };
}

/** A serializer of values of `schema`: JSON.stringify's text, by the compiled serializer where the value fits it. */
export interface CompiledJson {
  (value: unknown): string;
  /** Values written by the compiled serializer, and by JSON.stringify (for tests and profiles). */
  readonly counts: { compiled: number; fallback: number };
}

/** Compiles the serializer and the check of `schema` (`literal`: see compileShapeCheck). */
export function compiledJson(schema: JsonSchema, literal: ReadonlySet<string> = new Set()): CompiledJson {
  const serialize = loadFastJson()(schema as unknown as Parameters<typeof FastJson>[0]) as (value: unknown) => string;
  const fits = compileShapeCheck(schema, literal);
  const counts = { compiled: 0, fallback: 0 };
  const write = (value: unknown): string => {
    if (fits(value)) {
      try {
        const text = serialize(value);
        counts.compiled++;
        return text;
      } catch {
        // A value the compiled serializer refuses (NaN, a required key undefined): JSON.stringify's text.
      }
    }
    counts.fallback++;
    return JSON.stringify(value);
  };
  return Object.assign(write, { counts });
}
