import { describe, expect, it } from 'vitest';
import { apiKeyMatches, apiKeyPrefix, generateApiKey, hashApiKey } from '../../src/accounts/api-keys.js';

describe('API keys', () => {
  it('are addr_ + 32 random bytes, with a short prefix and a SHA-256 hash', () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(a.key).toMatch(/^addr_[A-Za-z0-9_-]{43}$/);
    expect(a.key).not.toBe(b.key);
    expect(a.prefix).toBe(a.key.slice(0, 13));
    expect(a.hash).toBe(hashApiKey(a.key));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(apiKeyPrefix(a.key)).toBe(a.prefix);
  });

  it('match only their own hash', () => {
    const a = generateApiKey();
    expect(apiKeyMatches(a.key, a.hash)).toBe(true);
    expect(apiKeyMatches(generateApiKey().key, a.hash)).toBe(false);
    expect(apiKeyMatches(a.key, 'abcd')).toBe(false);
  });

  it('reject text that cannot be a key', () => {
    expect(apiKeyPrefix('addr_short')).toBeNull();
    expect(apiKeyPrefix('')).toBeNull();
  });
});
