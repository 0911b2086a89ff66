import type { Kysely } from 'kysely';
import { hashPassword } from '../../src/server/auth/password';

export const PASSWORD = 'Secret#2026';

/** Accounts of the test-only resources: one per admin role, two vendors (partners). */
export async function seedAccounts(db: Kysely<any>): Promise<void> {
  const hash = await hashPassword(PASSWORD);
  await db
    .insertInto('staff')
    .values(
      ['super_admin', 'moderator', 'finance', 'support'].map((role) => ({
        email: `${role}@test.example`,
        fullName: role,
        role,
        passwordHash: hash,
      })),
    )
    .execute();
  await db
    .insertInto('vendors')
    .values([
      { email: 'vendor-a@test.example', name: 'Vendor A', passwordHash: hash, internalNote: 'secret A' },
      { email: 'vendor-b@test.example', name: 'Vendor B', passwordHash: hash, internalNote: 'secret B' },
      { email: 'vendor-c@test.example', name: 'Vendor C', passwordHash: hash, status: 'blocked' },
    ])
    .execute();
  await db
    .insertInto('prefs')
    .values({ key: 'general', values: JSON.stringify({ currency: 'LAK' }) })
    .execute();
}
