// The console's entry: the key (asked once, kept in this tab's session storage), the tabs.
import { ApiError, forgetKey, getKey, json, setKey } from './api';
import { byId } from './dom';
import { setupPlayground } from './playground';
import { setupSpreadsheets } from './spreadsheets';
import { showUsage } from './usage';

const TABS = ['playground', 'spreadsheets', 'usage'] as const;

function select(name: string): void {
  for (const tab of TABS) {
    const button = byId(`tab-${tab}`);
    const on = tab === name;
    button.setAttribute('aria-selected', String(on));
    button.tabIndex = on ? 0 : -1;
    byId(tab).hidden = !on || getKey() === null;
  }
  if (name === 'usage' && getKey() !== null) void showUsage().catch((err: Error) => { byId('plan').textContent = err.message; });
}

function current(): string {
  return TABS.find((t) => byId(`tab-${t}`).getAttribute('aria-selected') === 'true') ?? 'playground';
}

function refreshKey(): void {
  const key = getKey();
  byId('key-panel').hidden = key !== null;
  byId('forget-key').hidden = key === null;
  byId('key-label').textContent = key === null ? 'No key' : `Key ${key.slice(0, 12)}…`;
  select(current());
}

function setupKey(): void {
  const form = byId<HTMLFormElement>('key-form');
  const input = byId<HTMLInputElement>('key-input');
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const key = input.value.trim();
    setKey(key);
    // Checked at once, so a mistyped key is said here rather than on the first validation.
    json('/v1/account')
      .then(() => {
        input.value = '';
        byId('key-error').textContent = '';
        refreshKey();
        byId('address-input').focus();
      })
      .catch((err: unknown) => {
        forgetKey();
        byId('key-error').textContent = err instanceof ApiError ? err.message : 'The server could not be reached.';
      });
  });
  byId('forget-key').addEventListener('click', () => {
    forgetKey();
    refreshKey();
    input.focus();
  });
}

function setupTabs(): void {
  const list = byId('tabs');
  for (const tab of TABS) byId(`tab-${tab}`).addEventListener('click', () => select(tab));
  list.addEventListener('keydown', (e) => {
    const at = TABS.indexOf(current() as (typeof TABS)[number]);
    let next = -1;
    if (e.key === 'ArrowRight') next = (at + 1) % TABS.length;
    else if (e.key === 'ArrowLeft') next = (at + TABS.length - 1) % TABS.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = TABS.length - 1;
    if (next < 0) return;
    e.preventDefault();
    select(TABS[next] as string);
    byId(`tab-${TABS[next] as string}`).focus();
  });
}

setupKey();
setupTabs();
setupPlayground();
setupSpreadsheets();
refreshKey();
