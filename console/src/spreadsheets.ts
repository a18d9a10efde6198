// Spreadsheets: a file dropped (or chosen), its column mapping shown and editable before it
// runs (POST /v1/spreadsheets/preview), the job's progress, its rows coloured by status with
// a filter, the download, and the rows the allowance left unprocessed explained.
import { call, json } from './api';
import { byId, h, show } from './dom';
import { STATUS_MEANING } from './explain';

const ROLES = [
  ['address', 'Whole address (one line)'],
  ['line1', 'Street line'],
  ['line2', 'Apartment, suite, unit'],
  ['city', 'City'],
  ['state', 'State'],
  ['zip', 'ZIP code'],
] as const;
const STATUSES = ['VALIDATED', 'CORRECTED', 'PARTIAL', 'NOT_FOUND', 'ERROR'];

interface Preview { format: string; headers: string[]; columns: Record<string, string>; problem: string | null; rows_total: number; sample: string[][] }
interface Job {
  id: string; status: string; file_name: string; rows_total: number; rows_done: number; unprocessed: number;
  counts: Record<string, number> | null; error: { error: string; message: string } | null; links: { self: string; result: string; rows: string };
}
interface Rows { headers: string[]; status_column: number; rows: string[][]; matched: number; total: number }

function form(file: File, fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v); // before the file: the server reads fields up to it
  data.append('file', file, file.name);
  return data;
}

const pause = (ms: number): Promise<void> => new Promise((r) => window.setTimeout(r, ms));

/** Wires the spreadsheets section. */
export function setupSpreadsheets(): void {
  const drop = byId('drop');
  const picker = byId<HTMLInputElement>('file-input');
  const mapping = byId('mapping');
  const jobBox = byId('job');
  const rowsBox = byId('rows');

  const choose = (file: File | undefined): void => {
    if (file === undefined) return;
    show(jobBox);
    show(rowsBox);
    show(mapping, h('p', {}, `Reading ${file.name}…`));
    mapping.hidden = false;
    json<Preview>('/v1/spreadsheets/preview', { method: 'POST', body: form(file, {}) })
      .then((p) => showMapping(file, p))
      .catch((err: Error) => show(mapping, h('p', { class: 'error', role: 'alert' }, err.message)));
  };

  const showMapping = (file: File, p: Preview): void => {
    const selects = ROLES.map(([role, label]) => {
      const id = `map-${role}`;
      const select = h('select', { id, name: role },
        h('option', { value: '' }, '(none)'),
        ...p.headers.map((name, i) => h('option', { value: String(i + 1), selected: p.columns[role] === name }, name || `column ${i + 1}`)));
      return { role, row: h('tr', {}, h('th', { scope: 'row' }, h('label', { for: id }, label)), h('td', {}, select)), select };
    });
    const run = h('button', { type: 'submit' }, `Validate ${p.rows_total} rows`);
    const sheetForm = h('form', { id: 'mapping-form' },
      h('h3', {}, `${file.name}: ${p.rows_total} rows (${p.format.toUpperCase()})`),
      p.problem ? h('p', { class: 'error', role: 'alert' }, 'No address column was recognized: choose the columns below.') : h('p', {}, 'The columns found from the header; change any before it runs.'),
      h('table', { class: 'mapping' }, h('caption', {}, 'Column mapping'), h('tbody', {}, ...selects.map((s) => s.row))),
      p.sample.length > 0 ? sampleTable(p) : null,
      run);
    sheetForm.addEventListener('submit', (e) => {
      e.preventDefault();
      const columns = selects.filter((s) => s.select.value !== '').map((s) => `${s.role}=${s.select.value}`).join(',');
      run.setAttribute('disabled', '');
      void start(file, columns).finally(() => run.removeAttribute('disabled'));
    });
    show(mapping, sheetForm);
  };

  const start = async (file: File, columns: string): Promise<void> => {
    show(rowsBox);
    try {
      let job = await json<Job>('/v1/spreadsheets', { method: 'POST', body: form(file, { columns, name: file.name }) });
      const bar = h('progress', { max: Math.max(1, job.rows_total), value: 0, 'aria-label': 'Rows validated' });
      const text = h('p', {}, '');
      show(jobBox, h('h3', {}, `Job ${job.id}`), bar, text);
      while (job.status === 'queued' || job.status === 'running') {
        bar.value = job.rows_done;
        text.textContent = job.status === 'queued' ? 'Waiting for its turn…' : `${job.rows_done} of ${job.rows_total} rows validated…`;
        await pause(400);
        job = await json<Job>(job.links.self);
      }
      bar.value = job.rows_done;
      finished(job, bar);
    } catch (err) {
      show(jobBox, h('p', { class: 'error', role: 'alert' }, (err as Error).message));
    }
  };

  const finished = (job: Job, bar: HTMLProgressElement): void => {
    if (job.status === 'failed') {
      show(jobBox, h('p', { class: 'error', role: 'alert' }, `The job failed: ${job.error?.message ?? 'unknown error'}`));
      return;
    }
    const download = h('button', { type: 'button', id: 'download' }, 'Download the result');
    download.addEventListener('click', () => void saveResult(job));
    show(jobBox,
      h('h3', {}, `${job.file_name}: ${job.status === 'done' ? 'done' : 'partly done'}`),
      bar,
      h('p', { id: 'job-summary' }, `${job.rows_done} of ${job.rows_total} rows validated. `,
        ...STATUSES.filter((s) => (job.counts?.[s] ?? 0) > 0).map((s) => h('span', { class: `status status-${s}` }, `${s} ${job.counts?.[s] ?? 0}`))),
      job.unprocessed > 0
        ? h('div', { class: 'unprocessed', role: 'note', id: 'unprocessed' },
          h('h4', {}, `${job.unprocessed} rows were not processed`),
          h('p', {}, job.error?.message ?? 'The allowance ran out.'),
          h('p', {}, 'The file below holds the rows that were validated. The others are the last rows of your file: send them again once the allowance resets (Free Beta: midnight UTC), or move to a plan with more rows.'))
        : null,
      download);
    void showRows(job, '');
  };

  const showRows = async (job: Job, status: string): Promise<void> => {
    const page = await json<Rows>(`${job.links.rows}?limit=200${status ? `&status=${status}` : ''}`);
    const filter = h('select', { id: 'status-filter' }, h('option', { value: '' }, 'All statuses'), ...STATUSES.map((s) => h('option', { value: s, selected: s === status }, s)));
    filter.addEventListener('change', () => void showRows(job, filter.value));
    const keep = new Set([...page.headers.keys()].filter((i) => i < page.status_column || ['status', 'line1', 'city', 'state', 'zip5', 'reason_codes'].some((c) => page.headers[i]?.endsWith(`_${c}`))));
    const cols = [...keep];
    show(rowsBox,
      h('label', { for: 'status-filter' }, 'Show '), filter,
      h('p', {}, `${page.matched} rows${page.rows.length < page.matched ? ` (the first ${page.rows.length} shown)` : ''}.`),
      h('div', { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': 'Result rows' },
        h('table', { class: 'rows', id: 'result-rows' },
          h('thead', {}, h('tr', {}, ...cols.map((i) => h('th', { scope: 'col' }, page.headers[i] ?? '')))),
          h('tbody', {}, ...page.rows.map((row) => h('tr', { class: `row-${row[page.status_column] ?? ''}`, title: STATUS_MEANING[row[page.status_column] ?? ''] ?? '' },
            ...cols.map((i) => h('td', {}, row[i] ?? '')))))))); 
  };

  const saveResult = async (job: Job): Promise<void> => {
    const res = await call(job.links.result);
    const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'result';
    const url = URL.createObjectURL(await res.blob());
    const a = h('a', { href: url, download: name });
    document.body.append(a);
    a.click();
    a.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  picker.addEventListener('change', () => choose(picker.files?.[0]));
  drop.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      picker.click();
    }
  });
  drop.addEventListener('dragover', (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (e) => {
    e.preventDefault();
    drop.classList.remove('over');
    choose(e.dataTransfer?.files[0]);
  });
}

function sampleTable(p: Preview): HTMLElement {
  return h('div', { class: 'table-wrap' }, h('table', { class: 'rows' }, h('caption', {}, 'First rows'),
    h('thead', {}, h('tr', {}, ...p.headers.map((name) => h('th', { scope: 'col' }, name)))),
    h('tbody', {}, ...p.sample.map((row) => h('tr', {}, ...row.map((c) => h('td', {}, c)))))));
}
