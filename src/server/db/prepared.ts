import { createHash } from 'node:crypto';
import type pg from 'pg';
import { CUSTOM_PLAN_MARK } from './custom-plan';

/**
 * Named (server-side prepared) statements for node-postgres. The generated SQL of the API has few shapes
 * (values are always parameters), so naming each distinct text lets every pooled connection parse it once
 * and skip the parse/analyse step afterwards, and reuse its plan once PostgreSQL has settled on a generic one.
 * Statements marked with `CUSTOM_PLAN_MARK` (text searches, capped counts: custom-plan.ts) run unnamed instead, so
 * each execution is planned for its own values.
 */

/** Distinct statement texts that get a name; past it, new texts run unnamed, so memory stays bounded. */
export const MAX_NAMED_STATEMENTS = 2_000;

const PREPARABLE = /^\s*(select|with|insert|update|delete)\b/i;

export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(private readonly max = MAX_NAMED_STATEMENTS) {}

  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known) return known;
    if (this.names.size >= this.max || !PREPARABLE.test(text) || text.includes(CUSTOM_PLAN_MARK)) return undefined;
    const name = `l_${createHash('sha1').update(text).digest('base64url')}`;
    this.names.set(text, name);
    return name;
  }
}

const PATCHED = Symbol('lantern.prepared');

type Query = (...args: unknown[]) => unknown;

/** Wraps a client's `query(text, values)` calls (the form Kysely uses) into named statements, once per client. */
function patch(client: pg.PoolClient, names: StatementNames): pg.PoolClient {
  const target = client as pg.PoolClient & { [PATCHED]?: true };
  if (target[PATCHED]) return client;
  const original = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === 'string' && (args.length === 1 || Array.isArray(values)) && args.length <= 2) {
      const name = names.nameOf(text);
      if (name) return original({ name, text, values: (values as unknown[] | undefined) ?? [] });
    }
    return original(...args);
  };
  target[PATCHED] = true;
  return client;
}

/** A pool whose connections run the API's statements as named prepared statements. */
export function preparedPool(pool: pg.Pool, names = new StatementNames()) {
  return {
    async connect() {
      return patch(await pool.connect(), names);
    },
    end: () => pool.end(),
  };
}
