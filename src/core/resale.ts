/** API keys of the resources whose rows are API clients (`apiClient`, SPEC §19); shared by both sides. */

const KEY_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A new API key: a prefix and 40 random characters (≈ 234 bits). */
export function newApiKey(prefix = 'lt_'): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(40));
  return prefix + [...bytes].map((b) => KEY_ALPHABET[b % KEY_ALPHABET.length]).join('');
}

/** The stored form of a key: its SHA-256 in hex. */
export async function apiKeyHash(key: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
