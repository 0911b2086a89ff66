import { sql } from 'kysely';
import { loadConfig } from '../edge/config';
import { openToolDatabase } from './tool-database';
import { migrate } from '../db/migrate';
import { addBulkOrders } from '../../../resources/demo/bulk-orders';
import { seedDefaults, seedDemo } from '../../../resources/demo/demo';

/**
 * `npm run db:seed`: migrates, then loads the demo data into an empty database.
 * `npm run db:seed -- --orders 1000000`: also adds that many orders (with payments) for benchmarks.
 * `--small`: the small demo set the API tests use.
 */
function argValue(name: string): string | undefined {
  const args = process.argv.slice(2);
  const index = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (index === -1) return undefined;
  const arg = args[index];
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[index + 1];
}

const config = loadConfig();
const ordersArg = argValue('--orders');
const orders = ordersArg === undefined ? 0 : Number(ordersArg.replace(/_/g, ''));
if (!Number.isInteger(orders) || orders < 0) {
  console.error('Usage: npm run db:seed [-- --orders <count>] [--small]');
  process.exit(1);
}

const database = await openToolDatabase(config);
try {
  await migrate(database.db);
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from admins`.execute(database.db);
  if (config.production) {
    await seedDefaults(database.db);
    console.log('Production mode: default settings ensured, no demo data.');
  } else if (Number(rows[0]?.n ?? 0) === 0) {
    const started = Date.now();
    const counts = await seedDemo(database.db, { size: process.argv.includes('--small') ? 'small' : 'full' });
    console.log(`Demo data loaded in ${Date.now() - started} ms:`, counts);
  } else {
    console.log('The database already has accounts: demo data not loaded.');
  }
  if (orders > 0) {
    const result = await addBulkOrders(database.db, orders, { log: (line) => console.log(line) });
    console.log(
      `Added ${result.orders} orders, ${result.schedules} schedules and ${result.payments} payments in ${result.ms} ms (${database.engine}).`,
    );
  }
} finally {
  await database.close();
}
