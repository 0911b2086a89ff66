import { buildApp } from '../src/server/app';
import { createDatabase } from '../src/server/db/connection';
import { migrate } from '../src/server/db/migrate';
const database = await createDatabase({ databaseUrl: process.env.DATABASE_URL });
await migrate(database.db);
let t = Date.now();
const app = await buildApp({ database, config: { production: false, distDir: '/tmp/nodist' } });
console.log('build', Date.now() - t);
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'admin@example.com', password: 'Admin#2026' } });
const cookie = String(login.headers['set-cookie']).split(';')[0];
const p = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'partner@example.com', password: 'Partner#2026' } });
const pcookie = String(p.headers['set-cookie']).split(';')[0];
for (const [url, c] of [
  ['/api/orders?range=[0,24]', cookie],
  ['/api/orders?range=[0,24]&filter={"status":"paid"}', cookie],
  ['/api/orders?range=[0,24]&filter={"status":"paid","serviceId":3}', cookie],
  ['/api/orders?range=[50000,50024]&filter={"status":"completed"}', cookie],
  ['/api/orders?range=[0,24]&filter={"q":"BK-12345"}', cookie],
  ['/api/orders/-/counts?field=status', cookie],
  ['/api/orders/-/counts?field=status', pcookie],
  ['/api/stats/orders/series?interval=month&from=2024-06-01&to=2026-12-31', cookie],
  ['/api/stats/orders/by/serviceId.tourTypeId?from=2024-06-01&to=2026-12-31', cookie],
  ['/api/stats/orders/by/partnerId?from=2024-06-01&to=2026-12-31', pcookie],
  ['/api/stats/orders/funnel?from=2024-06-01&to=2026-12-31', cookie],
  ['/api/stats/orders/summary?from=2025-06-01&to=2025-06-30', cookie],
  ['/api/stats/orders/summary?from=2025-06-01&to=2025-06-30&filter={"q":"BK-1"}', cookie],
] as const) {
  t = performance.now();
  const r = await app.inject({ method: 'GET', url, headers: { cookie: c } });
  const ms = (performance.now() - t).toFixed(1);
  console.log(r.statusCode, ms, url, r.headers['content-range'] ?? '', r.headers['x-total-count-kind'] ?? '', r.body.slice(0, 300));
}
t = performance.now();
const r = await app.inject({ method: 'GET', url: '/api/orders/-/export.csv?filter={"status":"paid"}', headers: { cookie } });
console.log('export', r.statusCode, (performance.now() - t).toFixed(0), r.body.length, r.body.split('\n').length, r.body.slice(0, 400));
await app.close(); await database.close();
