import type { TableDef } from '../../db/table-defs';

/** Each account's second factor: its TOTP secret, pending until the first code proves the app has it. */
export const FACTORS_TABLE = 'two_factor';
/** One-time recovery codes, hashed. */
export const RECOVERY_CODES_TABLE = 'two_factor_recovery_codes';
/** Sign-ins that passed the password and wait for the second step (the half-signed-in state). */
export const CHALLENGES_TABLE = 'two_factor_challenges';

/**
 * Kept apart from the account tables: a password reset or an edit of the account never touches the factor, and
 * an account row never carries its secret to a list, an export or the audit trail.
 */
export const TWO_FACTOR_TABLES: TableDef[] = [
  {
    name: FACTORS_TABLE,
    columns: [
      { name: 'accountKind', type: 'text', notNull: true },
      { name: 'accountId', type: 'bigint', notNull: true },
      { name: 'secret', type: 'text', notNull: true },
      // Null while set up but not yet confirmed by a code.
      { name: 'enabledAt', type: 'timestamptz', notNull: false },
      // The TOTP time step of the last code accepted: a code of that step or an earlier one is a replay.
      { name: 'lastStep', type: 'bigint', notNull: false },
      { name: 'createdAt', type: 'timestamptz', notNull: true, default: 'now()' },
    ],
    indexes: [{ name: 'two_factor_accountKind_accountId_key', columns: ['accountKind', 'accountId'], unique: true }],
  },
  {
    name: RECOVERY_CODES_TABLE,
    columns: [
      { name: 'accountKind', type: 'text', notNull: true },
      { name: 'accountId', type: 'bigint', notNull: true },
      { name: 'codeHash', type: 'text', notNull: true },
      { name: 'usedAt', type: 'timestamptz', notNull: false },
      { name: 'createdAt', type: 'timestamptz', notNull: true, default: 'now()' },
    ],
    indexes: [{ name: 'two_factor_recovery_codes_account_idx', columns: ['accountKind', 'accountId', 'codeHash'] }],
  },
  {
    name: CHALLENGES_TABLE,
    columns: [
      { name: 'id', type: 'text primary key', notNull: true },
      { name: 'accountKind', type: 'text', notNull: true },
      { name: 'accountId', type: 'bigint', notNull: true },
      { name: 'expiresAt', type: 'timestamptz', notNull: true },
    ],
    indexes: [{ name: 'two_factor_challenges_expiresAt_idx', columns: ['expiresAt'] }],
  },
];
