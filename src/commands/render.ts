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

/** The text of results, each by its index in the run, and of the document's end: what a Renderer writes. */
export interface Formatter {
  /** The text of the result at `index` (from 0), with what goes before it (the json array's opening or comma, the csv header). */
  item(result: object, index: number): string;
  /** The text that closes a document of `count` results ('' for every format but json over lines). */
  end(count: number): string;
}

/**
 * The formatter of a format; `json` writes one result on one line (ndjson) as JSON.stringify
 * does (result-schemas.ts has the compiled ones). Pure: the streaming commands run it in worker
 * threads too, each result by its index.
 */
export function createFormatter(options: RenderOptions, json: (value: object) => string = JSON.stringify): Formatter {
  const { columns, color } = options;
  const none = (): string => '';
  switch (options.format) {
    case 'ndjson':
      return { item: (result) => `${json(result)}\n`, end: none };
    case 'json':
      if (!options.many) return { item: (result) => `${JSON.stringify(result, null, 2)}\n`, end: none };
      return {
        item: (result, index) => `${index === 0 ? '[\n' : ',\n'}  ${JSON.stringify(result, null, 2).replace(/\n/g, '\n  ')}`,
        end: (count) => (count === 0 ? '[]\n' : '\n]\n'),
      };
    case 'csv': {
      const header = `${columns.map((c) => csvField(c.header)).join(',')}\n`;
      return {
        item: (result, index) => `${index === 0 ? header : ''}${columns.map((c) => csvField(cellText(pick(result, c.path), '; '))).join(',')}\n`,
        end: none,
      };
    }
    case 'table':
      return {
        item: (result, index) => {
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
          return `${index === 0 ? '' : '\n'}${lines.join('\n')}\n`;
        },
        end: none,
      };
  }
}

/** Creates the writer for a format. */
export function createRenderer(out: Output, options: RenderOptions, json?: (value: object) => string): Renderer {
  const format = createFormatter(options, json);
  let count = 0;
  return {
    write: (result) => out.write(format.item(result, count++)),
    end: async () => {
      const text = format.end(count);
      if (text !== '') await out.write(text);
    },
  };
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
