import { sql, type Kysely } from 'kysely';

/** A row to insert; other rows refer to it by object until the database hands out its id. */
export class Rec {
  id = 0;
  constructor(
    readonly table: string,
    readonly values: Record<string, unknown>,
  ) {}
}

function column(value: unknown): unknown {
  if (value instanceof Rec) {
    if (!value.id) throw new Error(`Seed: a ${value.table} row is referenced before it was inserted`);
    return value.id;
  }
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** Collects rows per table in memory, then writes them with multi-row INSERTs in dependency order. */
export class Builder {
  private readonly tables = new Map<string, Rec[]>();

  add(table: string, values: Record<string, unknown>): Rec {
    const rec = new Rec(table, values);
    const rows = this.tables.get(table) ?? [];
    rows.push(rec);
    this.tables.set(table, rows);
    return rec;
  }

  rows(table: string): readonly Rec[] {
    return this.tables.get(table) ?? [];
  }

  /**
   * Inserts every table in `order`. Each chunk is one statement with a single JSON parameter
   * (`jsonb_populate_recordset`), which PGlite and PostgreSQL parse far faster than thousands of bind
   * parameters; ids come back through RETURNING in the order of the rows (`with ordinality`).
   */
  async insert(db: Kysely<any>, order: readonly string[], chunk = 1000): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of order) {
      const recs = this.tables.get(table) ?? [];
      const columns = [...new Set(recs.flatMap((rec) => Object.keys(rec.values)))];
      for (let start = 0; start < recs.length; start += chunk) {
        const part = recs.slice(start, start + chunk);
        const rows = part.map((rec) =>
          Object.fromEntries(columns.map((name) => [name, column(rec.values[name] ?? null)])),
        );
        const list = sql.join(columns.map((name) => sql.ref(name)));
        const picked = sql.join(columns.map((name) => sql.ref(`r.${name}`)));
        const { rows: ids } = await sql<{ id: number | string }>`
          insert into ${sql.table(table)} (${list})
          select ${picked} from jsonb_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::jsonb)
            with ordinality as r
          order by r.ordinality
          returning id`.execute(db);
        ids.forEach((row, i) => (part[i].id = Number(row.id)));
      }
      counts[table] = recs.length;
    }
    return counts;
  }
}
