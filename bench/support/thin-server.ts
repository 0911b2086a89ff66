/**
 * The floor the API is measured against: a Fastify server that does only the query, on a pg pool of
 * the same size as Lantern's (and PostgreSQL's own session settings), with named (prepared) statements as Lantern runs them.
 * No session, no access check, no scope: what is left is HTTP, the pool and the row's serialization.
 *
 *   GET /orders/:id   select * from orders where id = $1
 *   GET /page         the page statement of a list request (THIN_PAGE_SQL, THIN_PAGE_PARAMS: JSON), no count
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.PG_POOL_SIZE ?? 16),
});
const pageSql = process.env.THIN_PAGE_SQL ?? 'select 1';
const pageParams = JSON.parse(process.env.THIN_PAGE_PARAMS ?? '[]') as unknown[];

const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));
app.get('/orders/:id', async (request, reply) => {
  const { rows } = await pool.query({
    name: 'thin_get',
    text: 'select * from orders where id = $1',
    values: [Number((request.params as { id: string }).id)],
  });
  if (!rows[0]) return reply.code(404).send({ message: 'Not found' });
  return rows[0];
});
app.get('/page', async () => (await pool.query({ name: 'thin_page', text: pageSql, values: pageParams })).rows);

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
