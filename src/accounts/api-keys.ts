/**
 * API keys: `addr_` + 32 random bytes in base64url (256 bits), shown once.
 * Only the SHA-256 of a key is stored, beside a short non-secret prefix (the
 * first 8 characters after `addr_`) that finds its row; hashes are compared in
 * constant time. Keys are never logged.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** What every key starts with, so leaked keys are recognisable by scanners. */
export const KEY_MARK = 'addr_';

const PREFIX_LENGTH = KEY_MARK.length + 8;
const KEY_PATTERN = /^addr_[A-Za-z0-9_-]{43}$/;

/** A new key: the plain text (show it once), its lookup prefix and its hash (store these). */
export interface NewApiKey {
  key: string;
  prefix: string;
  hash: string;
}

/** The SHA-256 of a key, hex. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** The lookup prefix of a well-formed key, or null when `key` cannot be one of ours. */
export function apiKeyPrefix(key: string): string | null {
  return KEY_PATTERN.test(key) ? key.slice(0, PREFIX_LENGTH) : null;
}

/** Generates a key from 32 random bytes. */
export function generateApiKey(): NewApiKey {
  const key = `${KEY_MARK}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, PREFIX_LENGTH), hash: hashApiKey(key) };
}

// The digests of the keys seen last: a server authenticates the same few keys on every request, and
// hashing one costs more than the rest of authentication (~7 us a request in the serve bench). The
// keys live here as they do in the requests that bring them; the cache is dropped when full.
const DIGEST_CACHE_LIMIT = 1024;
const recentDigests = new Map<string, Buffer>();

function digestOf(key: string): Buffer {
  let digest = recentDigests.get(key);
  if (digest === undefined) {
    digest = Buffer.from(hashApiKey(key), 'hex');
    if (recentDigests.size >= DIGEST_CACHE_LIMIT) recentDigests.clear();
    recentDigests.set(key, digest);
  }
  return digest;
}

// The stored hashes of those keys as bytes: decoding the hex of one on every request cost ~1.5 us
// (the serve bench's profile, 2026-11-26). A hash is public-ish (it is stored beside the key's prefix).
const storedDigests = new Map<string, Buffer>();

function storedDigestOf(storedHash: string): Buffer {
  let digest = storedDigests.get(storedHash);
  if (digest === undefined) {
    digest = Buffer.from(storedHash, 'hex');
    if (storedDigests.size >= DIGEST_CACHE_LIMIT) storedDigests.clear();
    storedDigests.set(storedHash, digest);
  }
  return digest;
}

/** Whether `key` hashes to `storedHash`, compared in constant time. */
export function apiKeyMatches(key: string, storedHash: string): boolean {
  const actual = digestOf(key);
  const expected = storedDigestOf(storedHash);
  return expected.length === actual.length && timingSafeEqual(actual, expected);
}
