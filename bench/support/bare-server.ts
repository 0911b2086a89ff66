/**
 * The barest floor: Fastify and a pg pool doing `select * from orders where id = $1`, nothing else (no session
 * settings, no named statement, no 404 handling). What any Node server answering this read must spend.
 *
 *   GET /orders/:id
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.PG_POOL_SIZE ?? 16) });

const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));
app.get(
  '/orders/:id',
  async (request) =>
    (await pool.query('select * from orders where id = $1', [Number((request.params as { id: string }).id)])).rows[0],
);

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => pool.end().then(() => process.exit(0))));
