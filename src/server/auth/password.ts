import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (SPEC §6); Algorithm.Argon2id is 2 in @node-rs/argon2.
const OPTIONS = { algorithm: 2 as const };

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, OPTIONS);
}

export async function verifyPassword(stored: string | null | undefined, plain: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}
