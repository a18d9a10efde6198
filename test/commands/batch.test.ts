// addr batch as a real process: spreadsheet quirks, header detection, ZIP repair, output files,
// and the errors a user meets (docs/cli.md, `addr batch`).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, runCli, tempDir } from './run-cli.js';

const RESULT = ['status', 'confidence', 'line1', 'line2', 'city', 'state', 'zip5', 'zip4', 'county', 'county_fips', 'lat', 'lon', 'geocode_quality', 'timezone', 'utc_offset', 'dst', 'deliverability', 'match_code', 'reason_codes', 'changes'];

function batch(dir: string, args: readonly string[], input?: string) {
  return runCli(['batch', ...args], { cwd: dir, env: { ADDR_DATA_DIR: join(dir, 'data') }, ...(input === undefined ? {} : { input }) });
}

/** Splits simple CSV output (no quoted line breaks) into rows of fields. */
function rows(text: string, delimiter = ','): string[][] {
  return text.split(/\r?\n|\r/).filter((l) => l !== '').map((l) => {
    const out: string[] = [];
    let field = '';
    let quoted = false;
    for (let i = 0; i < l.length; i++) {
      const c = l[i] as string;
      if (quoted) {
        if (c === '"' && l[i + 1] === '"') {
          field += '"';
          i++;
        }
        else if (c === '"') quoted = false;
        else field += c;
      } else if (c === '"' && field === '') quoted = true;
      else if (c === delimiter) {
        out.push(field);
        field = '';
      }
      else field += c;
    }
    out.push(field);
    return out;
  });
}

describe('addr batch', () => {
  it('keeps every column and row, appends the results, repairs numeric ZIPs the state confirms', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'customers.csv'), '\ufeffid,Name,Street Address,Apt,City,ST,Zip Code\r\n'
      + '1,Ann,1600 pennsylvania av nw,,washington,dc,20500\r\n'
      + '2,"Bob, Jr.",1 Main St,Apt 4,boston,MA,2108\r\n'
      + '3,Cy,2 Main St,,boston,NY,2108\r\n'
      + '4,Dee,,,,,\r\n'
      + '\r\n'
      + '5,"Eve ""E""",123 elm st,,springfield,il,62701.0\r\n');
    const res = batch(dir, ['customers.csv']);
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain("addr batch: columns line1='Street Address' line2='Apt' city='City' state='ST' zip='Zip Code' (detected from the header)\n");
    expect(res.stderr).toMatch(/6 rows done in .*: VALIDATED \d+, CORRECTED \d+, PARTIAL \d+, NOT_FOUND \d+, ERROR 2; unprocessed 0 -> .*customers\.validated\.csv\n$/);
    const text = readFileSync(join(dir, 'customers.validated.csv'), 'utf8');
    expect(text.startsWith('\ufeffid,Name,Street Address,Apt,City,ST,Zip Code,addr_status,')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(existsSync(join(dir, 'customers.validated.csv.partial'))).toBe(false);
    const out = rows(text.slice(1));
    expect(out[0]).toEqual(['id', 'Name', 'Street Address', 'Apt', 'City', 'ST', 'Zip Code', ...RESULT.map((c) => `addr_${c}`)]);
    expect(out).toHaveLength(7);
    const col = (row: string[], name: string): string => row[7 + RESULT.indexOf(name)] as string;
    const [, ann, bob, cy, dee, empty, eve] = out as string[][];
    expect(ann?.slice(0, 7)).toEqual(['1', 'Ann', '1600 pennsylvania av nw', '', 'washington', 'dc', '20500']);
    expect([col(ann as string[], 'status'), col(ann as string[], 'line1'), col(ann as string[], 'county_fips')]).toEqual(['VALIDATED', '1600 PENNSYLVANIA AVE NW', '11001']);
    // The ZIP's time zone, its offset and DST at the time of the run.
    expect(col(ann as string[], 'timezone')).toBe('America/New_York');
    expect([['-5', 'false'], ['-4', 'true']]).toContainEqual([col(ann as string[], 'utc_offset'), col(ann as string[], 'dst')]);
    expect([col(dee as string[], 'timezone'), col(dee as string[], 'utc_offset'), col(dee as string[], 'dst')]).toEqual(['', '', '']);
    expect(bob?.slice(0, 2)).toEqual(['2', 'Bob, Jr.']);
    expect(col(bob as string[], 'zip5')).toBe('02108');
    expect(col(bob as string[], 'reason_codes').split(';')).toContain('ZIP_REPAIRED');
    expect(col(bob as string[], 'changes')).toContain('Repaired ZIP 2108 to 02108');
    // NY does not confirm 02108: not repaired, left to validation.
    expect(col(cy as string[], 'reason_codes')).not.toContain('ZIP_REPAIRED');
    expect([col(dee as string[], 'status'), col(dee as string[], 'reason_codes')]).toEqual(['ERROR', 'ADDRESS_EMPTY']);
    expect(empty?.slice(0, 7)).toEqual(['', '', '', '', '', '', '']);
    expect([col(empty as string[], 'status'), col(empty as string[], 'reason_codes')]).toEqual(['ERROR', 'ROW_EMPTY']);
    expect(eve?.[1]).toBe('Eve "E"');
    expect(col(eve as string[], 'zip5')).toBe('62701');
  });

  it('reads a combined City, State column, keeps a floor written FL 1200 after the street, and reads N/A cells as empty', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'combined.csv'), 'Street,Unit,"City, State",Zip\n'
      + '1600 Pennsylvania Ave NW,,"Washington, DC",20500\n'
      + '1 Main St,Fl 1200,"Boston, MA 02108",\n'
      + 'N/A,NULL,#N/A,-\n');
    const res = batch(dir, ['combined.csv', '-o', '-']);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain("columns line1='Street' line2='Unit' city='City, State' zip='Zip'");
    const [, dc, boston, placeholders] = rows(res.stdout) as string[][];
    // Placeholders of empty cells only: an empty address, not an address not found.
    expect(placeholders?.slice(0, 4)).toEqual(['N/A', 'NULL', '#N/A', '-']);
    expect([placeholders?.[4], placeholders?.[4 + RESULT.indexOf('reason_codes')]]).toEqual(['ERROR', 'ADDRESS_EMPTY']);
    const col = (row: string[], name: string): string => row[4 + RESULT.indexOf(name)] as string;
    expect([col(dc as string[], 'status'), col(dc as string[], 'city'), col(dc as string[], 'state'), col(dc as string[], 'zip5')]).toEqual(['VALIDATED', 'WASHINGTON', 'DC', '20500']);
    expect([col(boston as string[], 'line1'), col(boston as string[], 'city'), col(boston as string[], 'state'), col(boston as string[], 'zip5')]).toEqual(['1 MAIN ST FL 1200', 'BOSTON', 'MA', '02108']);
    expect(col(boston as string[], 'status')).toBe('VALIDATED');
  });

  it('reads TSV from stdin with CR line endings and quoted line breaks, writes stdout; --format csv converts', () => {
    const dir = tempDir();
    const tsv = 'Address\tNote\r"350 5th ave\nnew york ny 10118"\tx\r1 infinite loop cupertino ca 95014\t"a\tb"\r';
    const res = batch(dir, ['-'], tsv);
    expect(res.code).toBe(0);
    const lines = res.stdout.split('\r');
    expect(lines[0]).toBe(['Address', 'Note', ...RESULT.map((c) => `addr_${c}`)].join('\t'));
    expect(lines[1]).toMatch(/^"350 5th ave\nnew york ny 10118"\tx\tVALIDATED\t/);
    expect(lines[2]).toMatch(/^1 infinite loop cupertino ca 95014\t"a\tb"\tVALIDATED\t/);
    expect(lines).toHaveLength(4);
    const csv = batch(dir, ['-', '--format', 'csv'], tsv);
    expect(csv.stdout.split('\r')[2]).toMatch(/^1 infinite loop cupertino ca 95014,a\tb,VALIDATED,/);
  });

  it('takes --columns, keeps malformed rows with an error status, and prefixes around existing addr_ columns', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'in.csv'), 'Rue,Ville,Etat,addr_status\n1 main st,boston,ma,old\n"never closed,boston,ma,x\n2 main st,boston,ma,y,extra\n');
    const res = batch(dir, ['in.csv', '--columns', 'line1=Rue,city=Ville,state=Etat', '-o', 'out.csv']);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain("columns line1='Rue' city='Ville' state='Etat' (from --columns)");
    expect(res.stderr).toContain('results are in addr2_* columns');
    const out = rows(readFileSync(join(dir, 'out.csv'), 'utf8'));
    expect(out[0]?.slice(0, 6)).toEqual(['Rue', 'Ville', 'Etat', 'addr_status', 'addr2_status', 'addr2_confidence']);
    expect(out[1]?.[4]).toBe('VALIDATED');
    expect(out[2]?.slice(0, 5)).toEqual(['"never closed,boston,ma,x', '', '', '', 'ERROR']);
    expect(out[3]?.[4]).toBe('ERROR');
    expect(out[3]?.at(-1)).toBe('extra');
    expect(out).toHaveLength(4);
  });

  it('exits 2 naming the headers when no address column is found, and on bad input', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'people.csv'), 'id,name,phone\n1,Ann,555\n');
    const res = batch(dir, ['people.csv']);
    expect(res.code).toBe(2);
    expect(res.stderr).toBe("error: No address column found among the headers 'id', 'name', 'phone'. Name one address, street, line1 or address1 (with city, state, zip beside it, or alone for one-line addresses), or map the columns with --columns line1=Street,line2=Unit,city=Town,state=State,zip=Postcode (or --columns address=FullAddress).\n");
    expect(existsSync(join(dir, 'people.validated.csv'))).toBe(false);
    expect(existsSync(join(dir, 'people.validated.csv.partial'))).toBe(false);
    expect(batch(dir, ['missing.csv'])).toMatchObject({ code: 2, stderr: "error: Cannot read 'missing.csv': no such file.\n" });
    // A pipe by its path (stdin here, as /dev/stdin or a shell's <(...) would be): the way to read a stream, not an internal error.
    const piped = batch(dir, ['/dev/stdin'], 'address\n1 main st boston ma\n');
    expect(piped.code).toBe(2);
    // (Node gives a child's stdin as a socket pair; a shell's pipe is a FIFO.)
    expect(piped.stderr).toMatch(/^error: '\/dev\/stdin' is (a FIFO \(named pipe\)|a socket): addr batch reads a regular file by its path .*give - and send it on stdin/);
    expect(batch(dir, ['.'])).toMatchObject({ code: 2, stderr: "error: '.' is a folder: give a CSV, TSV or XLSX file in it.\n" });
    writeFileSync(join(dir, 'empty.csv'), '');
    expect(batch(dir, ['empty.csv']).code).toBe(2);
    expect(batch(dir, ['people.csv', '-o', 'people.csv']).code).toBe(2);
    expect(batch(dir, ['-', '--resume'], 'address\n1 main st boston ma\n').code).toBe(2);
  });

  it('writes only the header for a file without data rows', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'h.csv'), 'address\n');
    expect(batch(dir, ['h.csv']).code).toBe(0);
    expect(readFileSync(join(dir, 'h.validated.csv'), 'utf8')).toBe(`address,${RESULT.map((c) => `addr_${c}`).join(',')}\n`);
  });

  it('stops reading, and spending the allowance, when the reader of stdout goes away (EPIPE)', () => {
    const dir = tempDir();
    const rowsIn = 60_000;
    writeFileSync(join(dir, 'many.csv'), `address\n${'1005 Gravenstein Hwy N, Sebastopol CA 95472\n'.repeat(rowsIn)}`);
    const env = `ADDR_DATA_DIR="${join(dir, 'data')}"`;
    const run = spawnSync('bash', ['-c', `${env} "${process.execPath}" "${BIN}" batch many.csv -o - --workers 1 | head -3; echo "exit=\${PIPESTATUS[0]}" >&2`], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(run.stdout.split('\n')).toHaveLength(4);
    expect(run.stderr).toContain('stdout was closed by its reader');
    expect(run.stderr).toMatch(/exit=0\n$/);
    const delivered = Number(/closed by its reader after ([\d,]+) rows?/.exec(run.stderr)?.[1]?.replace(/,/g, ''));
    const usage = runCli(['usage', '--format', 'json'], { cwd: dir, env: { ADDR_DATA_DIR: join(dir, 'data') } });
    const recorded = (JSON.parse(usage.stdout) as { batch_row: number }[]).reduce((sum, d) => sum + d.batch_row, 0);
    // Only the rows the pipe took before head left are charged (what its buffer held), not the chunks
    // reserved and validated for it: fewer than one chunk of 2,000 rows.
    expect(recorded).toBe(delivered);
    expect(recorded).toBeGreaterThanOrEqual(2); // the two rows head printed
    expect(recorded).toBeLessThan(2000);
  });
});

