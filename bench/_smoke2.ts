import { sql } from 'kysely';
import { createDatabase } from '../src/server/db/connection';
const database = await createDatabase({ databaseUrl: process.env.DATABASE_URL });
const db = database.db;
let pos: [string, number] | undefined;
let t = performance.now();
for (let i = 0; i < 10; i++) {
  const t0 = performance.now();
  const cond = pos ? sql`and ("orders"."createdAt", "orders"."id") < (${pos[0]}, ${pos[1]})` : sql``;
  const { rows } = await sql<any>`select *, ("orders"."createdAt")::text as k from orders where status = 'paid' ${cond} order by "createdAt" desc, id desc limit 2000`.execute(db);
  console.log(i, rows.length, (performance.now() - t0).toFixed(1), rows.at(-1)?.k);
  pos = [rows.at(-1).k, Number(rows.at(-1).id)];
}
console.log('total', performance.now() - t);
await database.close();
