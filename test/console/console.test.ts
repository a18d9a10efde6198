// The web console in a real browser (playwright-core driving Debian's Chromium, headless)
// against a real `addr serve` (the built binary): it opens with no page errors, validates an
// address and explains it with a map, suggests as one types, runs a spreadsheet from the
// file picker to the download (with the rows the allowance left unprocessed explained), and
// shows usage and keys. With ADDR_SCREENSHOTS=1 (`npm run screenshots`) it also writes a
// screenshot of each screen to docs/console/.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli, tempDir } from '../commands/run-cli.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CHROMIUM = process.env.ADDR_CHROMIUM ?? '/usr/bin/chromium';
const SHOTS = process.env.ADDR_SCREENSHOTS === '1' ? join(ROOT, 'docs', 'console') : null;
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

const HEADER = 'id,Name,Street,City,State,Zip';
const STREETS = ['1 Beacon St', '24 Beacon St', '45 School St', '100 Cambridge St', '1 Ashburton Pl', '20 Ashburton Pl', '26 Court St', '60 State St'];
const CSV = [HEADER, ...STREETS.map((s, i) => `${i + 1},Person ${i + 1},${s},Boston,MA,2108`)].join('\n') + '\n';

let server: ChildProcess | null = null;
let browser: Browser | null = null;
let url = '';
let dataDir = '';

function cli(args: string[]): string {
  const run = runCli([...args, '--data-dir', dataDir]);
  if (run.code !== 0) throw new Error(`addr ${args.join(' ')}: ${run.stderr}`);
  return run.stdout;
}

function makeKey(account: string, settings: string[]): string {
  cli(['accounts', 'create', '--name', account, ...settings]);
  return (JSON.parse(cli(['keys', 'create', '--account', account, '--format', 'json'])) as { key: string }).key;
}

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (or point ADDR_CHROMIUM at one).`);
  // `npm install` builds the console (npm run build); build it here when only tsc ran since.
  if (!existsSync(join(ROOT, 'dist', 'console', 'index.html'))) {
    const { build } = await import('vite');
    await build({ configFile: join(ROOT, 'console', 'vite.config.ts') });
  }
  dataDir = tempDir();
  server = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--workers', '1', '--data-dir', dataDir, '--log-level', 'info'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  url = await new Promise<string>((resolve, reject) => {
    server?.stderr?.setEncoding('utf8');
    server?.stderr?.on('data', (chunk: string) => {
      log += chunk;
      const m = /"url":"(http:\/\/[^"]+)"/.exec(log);
      if (m?.[1] !== undefined) resolve(m[1]);
    });
    server?.once('exit', () => reject(new Error(`addr serve exited:\n${log}`)));
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  if (SHOTS !== null) mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (server !== null && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
});

/** A page with the console open and the key entered; every page error and console error is collected. */
async function open(key: string): Promise<{ page: Page; errors: string[] }> {
  const context = await (browser as Browser).newContext({ acceptDownloads: true, viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('requestfailed', (req) => errors.push(`request failed: ${req.url()}`));
  page.on('request', (req) => {
    if (!req.url().startsWith(url)) errors.push(`request outside the server: ${req.url()}`);
  });
  await page.goto(url);
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Use this key' }).click();
  await page.getByRole('tab', { name: 'Playground' }).waitFor();
  await page.locator('#playground').waitFor({ state: 'visible' });
  return { page, errors };
}

const shoot = async (page: Page, name: string): Promise<void> => {
  if (SHOTS !== null) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
};

describe('the console in Chromium', () => {
  it('opens with no page errors, keeps the key out of the URL, validates and explains an address with a map, and suggests as one types', async () => {
    const key = makeKey('acme', ['--plan', 'unlimited']);
    const { page, errors } = await open(key);
    expect(page.url()).not.toContain(key);
    expect(await page.evaluate("sessionStorage.getItem('addr.key')")).toBe(key);

    // Autocomplete: the matched characters are marked; the keyboard picks a suggestion.
    const input = page.getByRole('combobox', { name: 'Address' });
    await input.pressSequentially('bost', { delay: 30 });
    const first = page.getByRole('option').first();
    await first.waitFor();
    expect(await first.locator('mark').first().textContent()).toBe('Bost');
    await shoot(page, 'autocomplete');
    await input.press('ArrowDown');
    await input.press('Enter');
    expect(await input.inputValue()).toMatch(/^Boston, MA 0\d{4}$/);

    await input.fill('1 beacon strt bostn ma 2108');
    await page.getByRole('button', { name: 'Validate' }).click();
    await page.locator('.result').waitFor();
    expect(await page.locator('#result-status').textContent()).toContain('CORRECTED');
    expect(await page.locator('#standardized').textContent()).toContain('BOSTON, MA 02108');
    const explained = await page.locator('.result').textContent();
    expect(explained).toContain('Corrected city BOSTN to BOSTON.');
    expect(explained).toMatch(/CITY_FUZZY_MATCH \S/); // the reason code, then its words
    await page.locator('.map path.map-state').waitFor({ state: 'attached' });
    expect((await page.locator('.map path.map-county').getAttribute('d'))?.length).toBeGreaterThan(100);
    await shoot(page, 'playground');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('runs a spreadsheet: mapping shown before it runs, progress, rows by status, download, unprocessed rows explained', async () => {
    const key = makeKey('beta', ['--plan', 'free_beta', '--email', 'a@b.test', '--email-verified', '--daily-rows', '5']);
    const { page, errors } = await open(key);
    await page.getByRole('tab', { name: 'Spreadsheets' }).click();
    const file = join(dataDir, 'people.csv');
    writeFileSync(file, CSV);
    await page.locator('#file-input').setInputFiles(file);
    await page.locator('#mapping-form').waitFor();
    expect(await page.getByLabel('Street line').inputValue()).toBe('3'); // the Street column, detected
    expect(await page.getByLabel('ZIP code').inputValue()).toBe('6');
    await shoot(page, 'spreadsheet-mapping');
    await page.getByRole('button', { name: 'Validate 8 rows' }).click();
    await page.locator('#job-summary').waitFor();
    expect(await page.locator('#job-summary').textContent()).toContain('5 of 8 rows validated');
    expect(await page.locator('#unprocessed').textContent()).toMatch(/3 rows were not processed.*daily allowance of 5 rows/);
    await page.locator('#result-rows tbody tr').first().waitFor();
    expect(await page.locator('#result-rows tbody tr').count()).toBe(5);
    await shoot(page, 'spreadsheet-result');

    await page.getByLabel('Show').selectOption('NOT_FOUND');
    await page.locator('#result-rows tbody tr').first().waitFor({ state: 'detached' });
    expect(await page.locator('#result-rows tbody tr').count()).toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the result' }).click()]);
    expect(download.suggestedFilename()).toBe('people.validated.csv');
    const saved = readFileSync(await download.path(), 'utf8');
    const lines = saved.trim().split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^id,Name,Street,City,State,Zip,addr_status,/);
    expect(lines[1]).toMatch(/^1,Person 1,1 Beacon St,Boston,MA,2108,(VALIDATED|CORRECTED),.*,02108,/);

    await page.getByRole('tab', { name: 'Usage & keys' }).click();
    await page.locator('#left').waitFor();
    expect(await page.locator('#left').textContent()).toContain('0 of 5 rows left');
    expect(await page.locator('.chart rect.bar-batch').count()).toBe(30);
    const prefix = await page.locator('#keys-table code').first().textContent();
    expect(key.startsWith(prefix ?? '?')).toBe(true);
    expect(await page.locator('#keys').textContent()).not.toContain(key);
    await shoot(page, 'usage');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
