/**
 * The data directory and its databases hold emails, usage, key hashes and
 * imported addresses: the directory addr creates is 0700 and the database
 * files it creates are 0600, whatever the umask. SQLite gives a database's
 * -wal and -shm files the mode of the database file itself. A directory or
 * file that already exists keeps the mode its owner gave it.
 */
import { chmodSync, closeSync, existsSync, fchmodSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';

/** Mode of the data directory addr creates. */
export const PRIVATE_DIR_MODE = 0o700;

/** Mode of the database files addr creates. */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates a directory and its missing parents one level at a time: Node 20's
 * `mkdirSync(dir, { recursive: true })` spins forever where a parent answers
 * ENOENT to mkdir (under /proc, say), and a data directory must fail, not hang.
 * The directory itself, when created here, is made 0700; parents get the usual mode.
 */
export function ensurePrivateDir(dir: string): void {
  makeDir(dir, PRIVATE_DIR_MODE);
}

function makeDir(dir: string, mode: number | null): void {
  if (existsSync(dir)) return;
  const parent = dirname(dir);
  if (parent !== dir) makeDir(parent, null);
  try {
    mkdirSync(dir, mode === null ? undefined : { mode });
    if (mode !== null) chmodSync(dir, mode); // mkdir's mode is masked by the umask
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err; // another process made it meanwhile
  }
}

/** Creates `path` empty with mode 0600 unless it exists, before SQLite opens it (an empty file is an empty database). */
export function ensurePrivateFile(path: string): void {
  if (existsSync(path)) return;
  let fd: number;
  try {
    fd = openSync(path, 'wx', PRIVATE_FILE_MODE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return; // another process made it meanwhile
    throw err;
  }
  try {
    fchmodSync(fd, PRIVATE_FILE_MODE); // open's mode is masked by the umask
  } finally {
    closeSync(fd);
  }
}
