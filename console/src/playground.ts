// The playground: one address validated and explained, with a map of its geocode, and
// suggestions as one types (GET /v1/autocomplete), their matched characters highlighted.
import { ApiError, json } from './api';
import { byId, h, show } from './dom';
import { STATUS_MEANING, isSubstantive, reasonText } from './explain';
import { drawMap } from './map';

interface Result {
  status: string;
  confidence: number;
  standardized: { line1: string | null; line2: string | null; city: string | null; state: string | null; zip5: string | null; zip4: string | null; county: string | null; deliverability: string | null };
  geocode: { lat: number; lon: number; quality: string; accuracy_meters: number | null } | null;
  reason_codes: string[];
  changes: string[];
  change_codes?: string[]; // the CLI's Variant A has them; the API's Variant A gives the sentences only
  display_address: string | null;
}

interface Suggestion {
  text: string;
  highlight_ranges: [number, number][];
  kind: string;
}

/** The text with its [start, end) ranges in <mark>. */
export function highlighted(text: string, ranges: readonly [number, number][]): (Node | string)[] {
  const out: (Node | string)[] = [];
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start < at || end <= start) continue;
    if (start > at) out.push(text.slice(at, start));
    out.push(h('mark', {}, text.slice(start, end)));
    at = end;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

function explain(r: Result): HTMLElement {
  const s = r.standardized;
  const lastLine = [s.city, s.state].filter(Boolean).join(', ') + (s.zip5 ? ` ${s.zip5}${s.zip4 ? `-${s.zip4}` : ''}` : '');
  const changes = r.changes.map((sentence, i) => {
    const code = r.change_codes?.[i];
    return h('li', {}, code ? h('code', {}, code) : null, code ? ' ' : null, sentence, code ? (isSubstantive(code) ? ' (substantive)' : ' (formatting)') : null);
  });
  const reasons = r.reason_codes.map((code) => h('li', {}, h('code', {}, code), ' ', reasonText(code)));
  const mapBox = h('div', { class: 'map-box' });
  const card = h('article', { class: 'result', 'aria-labelledby': 'result-status' },
    h('h3', { id: 'result-status' }, h('span', { class: `status status-${r.status}` }, r.status), ` confidence ${r.confidence.toFixed(2)}`),
    h('p', { class: 'meaning' }, STATUS_MEANING[r.status] ?? ''),
    h('h4', {}, 'Standardized address'),
    h('p', { class: 'address', id: 'standardized' }, s.line1 ?? '', s.line1 ? h('br') : null, s.line2 ?? '', s.line2 ? h('br') : null, lastLine),
    s.county ? h('p', {}, `County: ${s.county}`) : null,
    h('h4', {}, 'Changes'),
    changes.length > 0 ? h('ul', {}, ...changes) : h('p', {}, 'None: the address was already written the standard way.'),
    h('h4', {}, 'Reasons'),
    reasons.length > 0 ? h('ul', {}, ...reasons) : h('p', {}, 'No reason lowered the status or the confidence.'),
    r.geocode ? h('h4', {}, `Map (${r.geocode.quality.toLowerCase().replace(/_/g, ' ')}${r.geocode.accuracy_meters ? `, about ${r.geocode.accuracy_meters} m` : ''})`) : null,
    r.geocode ? mapBox : null,
  );
  if (r.geocode) void drawMap(mapBox, r.geocode.lat, r.geocode.lon, r.geocode.quality, `Map of ${r.display_address ?? 'the address'} at ${r.geocode.lat}, ${r.geocode.lon} on state and county outlines`).catch(() => show(mapBox, 'The map outlines could not be loaded.'));
  return card;
}

/** Wires the playground. */
export function setupPlayground(): void {
  const form = byId<HTMLFormElement>('validate-form');
  const input = byId<HTMLInputElement>('address-input');
  const list = byId<HTMLUListElement>('suggestions');
  const note = byId('suggest-note');
  const result = byId('result');
  let items: Suggestion[] = [];
  let active = -1;
  let asked = 0;
  let timer: number | undefined;

  const close = (): void => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };
  const pick = (i: number): void => {
    const s = items[i];
    if (s === undefined) return;
    input.value = s.text;
    close();
    input.focus();
  };
  const mark = (i: number): void => {
    active = i;
    [...list.children].forEach((li, j) => li.setAttribute('aria-selected', String(j === i)));
    if (i >= 0) input.setAttribute('aria-activedescendant', `suggestion-${i}`);
  };
  const suggest = async (): Promise<void> => {
    const query = input.value.trim();
    const mine = ++asked;
    if (query.length < 3) {
      close();
      return;
    }
    try {
      const body = await json<{ suggestions: Suggestion[] }>(`/v1/autocomplete?query=${encodeURIComponent(query)}&limit=5`);
      if (mine !== asked) return; // an answer to an older query
      items = body.suggestions;
      show(list, ...items.map((s, i) => {
        const li = h('li', { role: 'option', id: `suggestion-${i}`, 'aria-selected': 'false' }, ...highlighted(s.text, s.highlight_ranges), h('span', { class: 'kind' }, s.kind));
        li.addEventListener('mousedown', (e) => {
          e.preventDefault();
          pick(i);
        });
        return li;
      }));
      list.hidden = items.length === 0;
      input.setAttribute('aria-expanded', String(items.length > 0));
      note.textContent = items.length === 0 ? '' : `${items.length} suggestions; use the arrow keys to choose one.`;
    } catch (err) {
      close();
      note.textContent = err instanceof ApiError && err.status === 403 ? `Suggestions are not available: ${err.message}` : '';
    }
  };
  input.addEventListener('input', () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void suggest(), 150);
  });
  input.addEventListener('keydown', (e) => {
    if (list.hidden) return;
    if (e.key === 'ArrowDown') mark(Math.min(items.length - 1, active + 1));
    else if (e.key === 'ArrowUp') mark(Math.max(0, active - 1));
    else if (e.key === 'Enter' && active >= 0) pick(active);
    else if (e.key === 'Escape') close();
    else return;
    e.preventDefault();
  });
  input.addEventListener('blur', close);

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    close();
    show(result, h('p', {}, 'Validating…'));
    void json<Result>('/v1/validate', { method: 'POST', headers: { 'content-type': 'application/json', 'x-contract': 'a' }, body: JSON.stringify({ input: input.value }) })
      .then((r) => show(result, explain(r)))
      .catch((err: Error) => show(result, h('p', { class: 'error', role: 'alert' }, err.message)));
  });
}
