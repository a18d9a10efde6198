/**
 * addr data import of TIGER/Line ADDRFEAT files (zips as the Census Bureau ships
 * them, .shp/.dbf pairs, folders of either): each file a source of
 * ranges.sqlite (src/store/ranges-import.ts). Progress on a terminal (stderr),
 * a summary per file on stdout (`--json`: one document with every summary).
 */
import type { LocalityStore } from '../core/model/ports.js';
import { openRangesDatabase, openRangeStore } from '../store/ranges-db.js';
import type { RangeSourceInfo } from '../store/ranges-db.js';
import { importRanges } from '../store/ranges-import.js';
import type { RangeImportSummary } from '../store/ranges-import.js';
import { addrfeatFiles, looksLikeAddrfeat } from '../store/tiger-reader.js';
import { formatCount as int } from '../formats/format-count.js';
import { importEach } from './import-each.js';
import type { CommandContext } from './io.js';

/** True when the arguments are ADDRFEAT files or folders (what importRangeFiles takes). */
export function areRangeFiles(paths: readonly string[], isDirectory: (path: string) => boolean): boolean {
  return paths.length > 0 && paths.every((p) => looksLikeAddrfeat(p) || isDirectory(p));
}

/** The summary of a range import as lines for people. */
export function describeRangeImport(s: RangeImportSummary, seconds: number): string {
  const lines: string[] = [];
  const row = (k: string, v: string): void => {
    lines.push(`${k.padEnd(14)}${v}`);
  };
  row('source', s.source);
  row('format', `${s.format} (TIGER/Line address ranges)`);
  if (s.outcome === 'unchanged' || s.outcome === 'already_imported') {
    row('outcome', s.outcome === 'unchanged' ? 'unchanged: this source was already imported with the same content; nothing added' : `already imported as source '${s.same_as ?? ''}' (same content); nothing added`);
    return `${lines.join('\n')}\n`;
  }
  row('outcome', s.outcome === 'replaced' ? 'replaced the earlier import of this source' : 'imported');
  row('records read', int(s.rows_read));
  row('imported', `${int(s.rows_imported)} (${int(s.edges)} edges, ${int(s.alternate_names)} alternate names)`);
  row('skipped', int(s.rows_skipped));
  for (const [reason, entry] of Object.entries(s.skipped)) {
    lines.push(`  ${reason.padEnd(18)}${int(entry.count).padStart(8)}  record${entry.lines.length === 1 ? '' : 's'} ${entry.lines.join(', ')}${entry.count > entry.lines.length ? ', ...' : ''}`);
  }
  row('coverage', `${s.states.join(' ') || '-'}; ${int(s.zip_count)} ZIP${s.zip_count === 1 ? '' : 's'}; ${int(s.streets)} street${s.streets === 1 ? '' : 's'} (name and ZIP)`);
  row('time', `${seconds.toFixed(1)} s (${int(Math.round(s.rows_read / Math.max(seconds, 1e-3)))} records/s)`);
  return `${lines.join('\n')}\n`;
}

/** Imports ADDRFEAT files into the data directory's ranges.sqlite, one source each (import-each.ts). */
export async function importRangeFiles(paths: readonly string[], dataDir: string, locality: LocalityStore, json: boolean, ctx: CommandContext): Promise<RangeImportSummary[]> {
  const files = await addrfeatFiles(paths);
  const db = openRangesDatabase(dataDir, true);
  if (db === null) throw new Error('ranges database not created');
  try {
    const labels = { unit: 'records', done: (n: number) => `Imported ${n} file${n === 1 ? '' : 's'} of address ranges` };
    return await importEach(files.map((f) => f.name), labels, json, ctx, async (i, run) => {
      const summary = await importRanges(db, { file: files[i] as (typeof files)[number], locality, now: new Date(), signal: run.signal, onProgress: run.onProgress });
      return { summary, describe: (seconds) => describeRangeImport(summary, seconds) };
    });
  } finally {
    db.close();
  }
}

/** The range sources of a data directory as `addr data status` rows (the fields of SOURCE_FIELDS). */
export function rangeSourceRows(dataDir: string): Record<string, unknown>[] {
  const store = openRangeStore(dataDir);
  try {
    return (store?.listSources() ?? []).map((s: RangeSourceInfo) => ({
      name: s.name, format: s.format, rows_imported: s.rows_imported, rows_skipped: s.rows_skipped, rows_inferred: 0,
      states: s.states.join(' '), zip_count: s.zip_count, imported_at: s.imported_at, path: s.path,
    }));
  } finally {
    store?.close();
  }
}

/** Removes a range source; its record count, or null when there is none of that name. */
export function removeRangeSource(dataDir: string, name: string): number | null {
  const store = openRangeStore(dataDir);
  try {
    const source = store?.listSources().find((s) => s.name === name);
    if (store === null || source === undefined || !store.removeSource(name)) return null;
    return source.rows_imported;
  } finally {
    store?.close();
  }
}
