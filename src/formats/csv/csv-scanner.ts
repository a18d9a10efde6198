/**
 * The record boundaries of CSV/TSV bytes, found by one pass of a small state
 * machine (docs/cli.md, `addr batch`), so that the main thread can cut the input
 * into chunks of whole records for the workers, count rows for the allowance
 * and keep byte positions for checkpoints without parsing fields.
 *
 * The rules are those of parseRecord (csv-record.ts): a quote opens a quoted
 * field only at the start of a field; inside it "" is a quote and line breaks
 * are data; LF, CRLF and a lone CR each end a record. A quoted field never
 * closed before the end of the input is re-read with quotes as plain text, one
 * record per line, so one stray quote costs one malformed row, not the file.
 */

const QUOTE = 34;
const LF = 10;
const CR = 13;

const FIELD_START = 0;
const UNQUOTED = 1;
const IN_QUOTES = 2;
const QUOTE_IN_QUOTES = 3; // a quote inside a quoted field: closes it, or "" for one quote
const CR_SEEN = 4; // a CR outside quotes: the record ends, with the LF when one follows
const CR_IN_QUOTES = 5; // a CR inside a quoted field: one line break, with the LF when one follows

/** An indexOf result, with `to` for not found. */
function upTo(found: number, to: number): number {
  return found < 0 || found > to ? to : found;
}

/** Records found in one buffer. */
export interface ScannedRecords {
  ends: number[]; // end offsets (after the line break) of complete records, ascending
  quoted: number[]; // 1 when the record holds a quote (the slow parse path), else 0
  lines: number[]; // the physical line (1-based) each record starts on
}

/** Finds record boundaries across successive buffers of one input. */
export class CsvScanner {
  private state = FIELD_START;
  private hasQuote = 0;
  private line: number; // physical line at the current position
  private recordLine: number; // line the current record started on
  private readonly delimiter: number;
  private plain = false; // quotes are text (re-reading an unclosed quoted field's tail)
  private fieldsSeen = 0; // bytes of the current record seen

  constructor(delimiter: string, firstLine = 1) {
    this.delimiter = delimiter.charCodeAt(0);
    this.line = firstLine;
    this.recordLine = firstLine;
  }

  /** The physical line the next record starts on. */
  get nextLine(): number {
    return this.recordLine;
  }

  /** Scans buf[from, to); pushes the records that end in it. State carries over to the next call. */
  scan(buf: Uint8Array, from: number, to: number, out: ScannedRecords): void {
    const d = this.delimiter;
    let state = this.state;
    let seen = this.fieldsSeen;
    // The next quote and CR at or after the position (`to` when there is none), found by indexOf
    // when the position passes them: nearly every record has neither, and is then found whole.
    let nextQuote = -1;
    let nextCr = -1;
    for (let i = from; i < to; i++) {
      if (state === FIELD_START && seen === 0 && !this.plain) {
        // At a record start: a record without a quote or a lone CR ends at the next LF.
        const lf = buf.indexOf(LF, i);
        if (lf >= 0 && lf < to) {
          if (nextQuote < i) nextQuote = upTo(buf.indexOf(QUOTE, i), to);
          if (nextCr < i) nextCr = upTo(buf.indexOf(CR, i), to);
          if (nextQuote > lf && (nextCr > lf || nextCr === lf - 1)) {
            this.line++;
            this.push(out, lf + 1);
            i = lf;
            continue;
          }
        }
      }
      const c = buf[i] as number;
      switch (state) {
        case CR_IN_QUOTES:
          // The CR ended a line of the field, alone or with this LF (which may come in the next read).
          this.line++;
          state = c === QUOTE ? QUOTE_IN_QUOTES : c === CR ? CR_IN_QUOTES : IN_QUOTES;
          continue;
        case IN_QUOTES:
          if (c === QUOTE) state = QUOTE_IN_QUOTES;
          else if (c === LF) this.line++;
          else if (c === CR) state = CR_IN_QUOTES;
          continue;
        case QUOTE_IN_QUOTES:
          if (c === QUOTE) {
            state = IN_QUOTES;
            continue;
          }
          state = UNQUOTED;
          break; // this byte is read below as unquoted text
        case CR_SEEN:
          // The record ended at the CR.
          this.line++;
          if (c === LF) {
            this.push(out, i + 1);
            state = FIELD_START;
            seen = 0;
            continue;
          }
          this.push(out, i);
          state = FIELD_START;
          seen = 0;
          break;
        default:
          break;
      }
      seen++;
      if (c === d) {
        state = FIELD_START;
      } else if (c === LF) {
        this.line++;
        this.push(out, i + 1);
        state = FIELD_START;
        seen = 0;
      } else if (c === CR) {
        state = CR_SEEN;
      } else if (c === QUOTE && state === FIELD_START && !this.plain) {
        state = IN_QUOTES;
        this.hasQuote = 1;
      } else {
        if (c === QUOTE) this.hasQuote = 1;
        state = UNQUOTED;
      }
    }
    this.state = state;
    this.fieldsSeen = seen;
  }

  /** True when the input ended inside a quoted field (the caller re-reads that record's bytes with rereadPlain). */
  get inOpenQuote(): boolean {
    return this.state === IN_QUOTES || this.state === CR_IN_QUOTES;
  }

  /** At the end of the input: ends the last record when it has no line break. */
  finish(out: ScannedRecords, end: number): void {
    if (this.state === CR_SEEN) {
      this.line++;
      this.push(out, end);
    } else if (this.fieldsSeen > 0 || this.state !== FIELD_START) {
      this.push(out, end);
    }
    this.state = FIELD_START;
    this.fieldsSeen = 0;
  }

  /** Restarts at a record start with quotes read as text (the tail after a quote never closed). */
  rereadPlain(line: number): void {
    this.plain = true;
    this.state = FIELD_START;
    this.fieldsSeen = 0;
    this.hasQuote = 0;
    this.line = line;
    this.recordLine = line;
  }

  private push(out: ScannedRecords, end: number): void {
    out.ends.push(end);
    // Records of a plain re-read keep the flag, so their fields get the full (failing) parse.
    out.quoted.push(this.plain ? 1 : this.hasQuote);
    out.lines.push(this.recordLine);
    this.hasQuote = 0;
    this.recordLine = this.line;
  }
}
