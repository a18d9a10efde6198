/**
 * Writers of command results: ndjson (one object per line, streamed), json
 * (one document: an object for one address, an array when reading lines),
 * csv (header plus one flattened row per result) and table (aligned key/value
 * blocks for people on a terminal). Every writer streams through an Output.
 */
import { styleText } from 'node:util';
import type { Format } from './options.js';
import type { Output } from './io.js';

/** A style understood by node:util styleText. */
export type Style = 'bold' | 'dim' | 'green' | 'yellow' | 'red' | 'cyan';

/** One flattened column of csv and table output. */
export interface Column {
  header: string; // csv header and table key
  path: readonly string[]; // where the value sits in the result object
  style?: (value: string) => Style | null; // table colour for this value, when colour is on
}

/** How results are written. */
export interface RenderOptions {
  format: Format;
  columns: readonly Column[]; // csv and table columns, in order
  many: boolean; // true when reading lines: json then writes an array even for one line
  color: boolean; // colour the table output
}

/** Writes results one at a time, then ends the document. */
export interface Renderer {
  /** Writes one result; resolves false once the reader has gone away. */
  write(result: object): Promise<boolean>;
  /** Closes the document (the json array); call once after the last result. */
  end(): Promise<void>;
}

/** The value at `path` in `result`, or undefined. */
function pick(result: object, path: readonly string[]): unknown {
  let value: unknown = result;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A cell's text: empty for absent values, lists joined, objects as JSON. */
export function cellText(value: unknown, listSeparator: string): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map((v) => cellText(v, listSeparator)).join(listSeparator);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Quotes a csv field per RFC 4180 when it needs it. */
export function csvField(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function paint(style: Style, text: string): string {
  // The decision to colour is made by the caller (TTY, --no-color, NO_COLOR); styleText only paints.
  return styleText(style, text, { validateStream: false });
}

/** Creates the writer for a format. */
export function createRenderer(out: Output, options: RenderOptions): Renderer {
  const { columns, color } = options;
  switch (options.format) {
    case 'ndjson':
      return {
        write: (result) => out.write(`${JSON.stringify(result)}\n`),
        end: async () => {},
      };
    case 'json': {
      if (!options.many) {
        return {
          write: (result) => out.write(`${JSON.stringify(result, null, 2)}\n`),
          end: async () => {},
        };
      }
      let count = 0;
      return {
        write: (result) => {
          const item = JSON.stringify(result, null, 2).replace(/\n/g, '\n  ');
          return out.write(`${count++ === 0 ? '[\n' : ',\n'}  ${item}`);
        },
        end: async () => {
          await out.write(count === 0 ? '[]\n' : '\n]\n');
        },
      };
    }
    case 'csv': {
      let headerWritten = false;
      return {
        write: (result) => {
          const header = headerWritten ? '' : `${columns.map((c) => csvField(c.header)).join(',')}\n`;
          headerWritten = true;
          const row = columns.map((c) => csvField(cellText(pick(result, c.path), '; '))).join(',');
          return out.write(`${header}${row}\n`);
        },
        end: async () => {},
      };
    }
    case 'table': {
      let count = 0;
      return {
        write: (result) => {
          const rows: { column: Column; text: string }[] = [];
          for (const column of columns) {
            const text = cellText(pick(result, column.path), ', ');
            if (text !== '') rows.push({ column, text }); // absent parts would only add noise for a reader
          }
          const width = Math.max(0, ...rows.map((r) => r.column.header.length));
          const lines = rows.map(({ column, text }) => {
            const key = column.header.padEnd(width);
            const style = color ? column.style?.(text) : null;
            return `${color ? paint('dim', key) : key}  ${style ? paint(style, text) : text}`;
          });
          if (lines.length === 0) lines.push('(nothing recognised)');
          return out.write(`${count++ === 0 ? '' : '\n'}${lines.join('\n')}\n`);
        },
        end: async () => {},
      };
    }
  }
}

/** Whether to colour output on this stream: a colour-capable terminal, no --no-color, no NO_COLOR. */
export function shouldColor(stream: { isTTY?: boolean; hasColors?: () => boolean }, flag: boolean, env: Readonly<Record<string, string | undefined>>): boolean {
  if (!flag) return false;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true && (stream.hasColors?.() ?? false);
}

/** The default format: a table for a person at a terminal, ndjson for programs. */
export function defaultFormat(stream: { isTTY?: boolean }): Format {
  return stream.isTTY ? 'table' : 'ndjson';
}
