// Usage by day as a bar chart, the plan and what is left of its allowance, and the keys (prefixes only).
import { json } from './api';
import { byId, h, show, svg } from './dom';

interface AccountInfo {
  account: string;
  plan: string;
  status: string;
  allowance: { window: string; rows: number | null; used: number; remaining: number | null; overage: boolean };
  usage: { day: string; validation: number; batch_row: number; autocomplete: number }[];
  keys: { prefix: string; created_at: string; last_used_at: string | null; revoked_at: string | null }[];
}

const PLAN_NAMES: Readonly<Record<string, string>> = { free_beta: 'Free Beta', production: 'Production', unlimited: 'Unlimited' };
const WINDOW: Readonly<Record<string, string>> = { day: 'today (UTC)', month: 'this month (UTC)', none: '' };

function chart(usage: AccountInfo['usage']): SVGElement {
  const W = 640;
  const H = 200;
  const days: string[] = [];
  const end = new Date();
  for (let i = 29; i >= 0; i--) days.push(new Date(end.getTime() - i * 86_400_000).toISOString().slice(0, 10));
  const byDay = new Map(usage.map((u) => [u.day, u]));
  const max = Math.max(1, ...usage.map((u) => u.validation + u.batch_row));
  const bw = W / days.length;
  const bars = days.flatMap((day, i) => {
    const u = byDay.get(day);
    const v = u?.validation ?? 0;
    const b = u?.batch_row ?? 0;
    const hv = (v / max) * (H - 20);
    const hb = (b / max) * (H - 20);
    return [
      svg('rect', { x: i * bw + 2, y: H - hv, width: bw - 4, height: hv, class: 'bar-validation' }, svg('title', {}, `${day}: ${v} validations`)),
      svg('rect', { x: i * bw + 2, y: H - hv - hb, width: bw - 4, height: hb, class: 'bar-batch' }, svg('title', {}, `${day}: ${b} spreadsheet rows`)),
    ];
  });
  return svg('svg', { viewBox: `0 0 ${W} ${H + 16}`, class: 'chart', role: 'img', 'aria-labelledby': 'usage-caption' },
    ...bars,
    svg('text', { x: 0, y: H + 14, class: 'axis' }, days[0] ?? ''),
    svg('text', { x: W, y: H + 14, class: 'axis', 'text-anchor': 'end' }, days.at(-1) ?? ''),
    svg('text', { x: 0, y: 12, class: 'axis' }, `max ${max}`));
}

/** Loads and shows the account. */
export async function showUsage(): Promise<void> {
  const info = await json<AccountInfo>('/v1/account');
  const a = info.allowance;
  show(byId('plan'),
    h('p', {}, h('strong', {}, info.account), ` — plan ${PLAN_NAMES[info.plan] ?? info.plan}${info.status !== 'active' ? ` (${info.status})` : ''}`),
    a.remaining === null
      ? h('p', { id: 'left' }, `${a.used} rows used ${WINDOW[a.window] ?? ''}; no limit${a.overage ? ' (overage on)' : ''}.`)
      : h('div', {},
        h('p', { id: 'left' }, `${a.remaining} of ${a.rows ?? 0} rows left ${WINDOW[a.window] ?? ''} (${a.used} used).`),
        h('meter', { min: 0, max: a.rows ?? 1, value: a.used, 'aria-label': 'Allowance used' })));
  show(byId('usage-chart'), chart(info.usage),
    h('p', { class: 'legend' }, h('span', { class: 'swatch bar-validation' }), ' validations ', h('span', { class: 'swatch bar-batch' }), ' spreadsheet rows'),
    h('table', { class: 'rows', id: 'usage-table' }, h('caption', {}, 'Usage by day'),
      h('thead', {}, h('tr', {}, ...['Day', 'Validations', 'Spreadsheet rows', 'Autocomplete'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, ...info.usage.map((u) => h('tr', {}, h('td', {}, u.day), h('td', {}, u.validation), h('td', {}, u.batch_row), h('td', {}, u.autocomplete))))));
  show(byId('keys'), h('table', { class: 'rows', id: 'keys-table' }, h('caption', {}, 'The keys of this account (prefixes only; make and revoke keys with addr keys)'),
    h('thead', {}, h('tr', {}, ...['Prefix', 'Created', 'Last used', 'State'].map((t) => h('th', { scope: 'col' }, t)))),
    h('tbody', {}, ...info.keys.map((k) => h('tr', {}, h('td', {}, h('code', {}, k.prefix)), h('td', {}, k.created_at.slice(0, 10)), h('td', {}, k.last_used_at?.slice(0, 10) ?? 'never'), h('td', {}, k.revoked_at ? 'revoked' : 'active'))))));
}
