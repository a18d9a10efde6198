/**
 * Where addr keeps its own data (accounts.sqlite, imported address points):
 * `--data-dir`, else ADDR_DATA_DIR, else the platform's user data directory —
 * `$XDG_DATA_HOME/addr` or `~/.local/share/addr` on Linux and other Unixes,
 * `~/Library/Application Support/addr` on macOS, `%APPDATA%/addr` on Windows.
 * Resolved here, in the commands, never in core.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The data directory for a run. */
export function resolveDataDir(
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  const given = (v: string | undefined): v is string => v !== undefined && v !== '';
  if (given(flag)) return flag;
  if (given(env.ADDR_DATA_DIR)) return env.ADDR_DATA_DIR;
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'addr');
  if (platform === 'win32') return join(given(env.APPDATA) ? env.APPDATA : join(home, 'AppData', 'Roaming'), 'addr');
  return join(given(env.XDG_DATA_HOME) ? env.XDG_DATA_HOME : join(home, '.local', 'share'), 'addr');
}
