/**
 * One CSV/TSV record to fields and fields back to a record (`addr batch`).
 * The reading rules match csv-scanner.ts (which found the record): a quote
 * opens a quoted field only at the start of a field, "" inside it is one
 * quote, text after a closing quote up to the delimiter is kept (as
 * csv-parse's relax_quotes). Writing quotes a field only when it holds the
 * delimiter, a quote or a line break (as csv-stringify does).
 *
 * Why not csv-parse/csv-stringify per record: the batch workers read records
 * the main thread has already delimited, and the library's per-call cost on
 * one-record inputs would be most of a row's budget (docs/performance.md: the target is 0.75x
 * of a plain csv-parse -> csv-stringify copy while also validating each row);
 * nearly every record has no quote and is one String.split here.
 */

/** The text of a record without its line break. */
export function stripLineBreak(text: string): string {
  let end = text.length;
  if (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  if (end > 0 && text.charCodeAt(end - 1) === 13) end--;
  return end === text.length ? text : text.slice(0, end);
}

/** The fields of one record (line break already stripped); null when a quoted field is never closed. */
export function parseRecord(text: string, delimiter: string, quoted: boolean): string[] | null {
  if (!quoted) return text.split(delimiter);
  const d = delimiter.charCodeAt(0);
  const fields: string[] = [];
  const n = text.length;
  let i = 0;
  for (;;) {
    let field = '';
    if (i < n && text.charCodeAt(i) === 34) {
      i++;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) return null;
        field += text.slice(i, q);
        if (text.charCodeAt(q + 1) === 34) {
          field += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
    }
    let j = text.indexOf(delimiter, i);
    if (j < 0) j = n;
    if (j > i) field += text.slice(i, j);
    fields.push(field);
    if (j >= n) return fields;
    i = j + 1;
    if (i === n && text.charCodeAt(j) === d) {
      fields.push('');
      return fields;
    }
  }
}

/** A field as written: quoted when it holds the delimiter, a quote, CR or LF. */
export function formatField(value: string, delimiter: string): string {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 34 || c === 10 || c === 13 || value[i] === delimiter) return `"${value.replace(/"/g, '""')}"`;
  }
  return value;
}

/** A record as written, without the line break. */
export function formatRecord(fields: readonly string[], delimiter: string): string {
  let out = '';
  for (let i = 0; i < fields.length; i++) {
    if (i > 0) out += delimiter;
    out += formatField(fields[i] as string, delimiter);
  }
  return out;
}
