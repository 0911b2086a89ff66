import fs from 'node:fs';
import path from 'node:path';
import { demoStatement } from '../../../resources/demo/statement';
import { loadConfig } from '../edge/config';
import { openToolDatabase } from './tool-database';

/**
 * `npm run demo:statement [-- file.csv]`: writes a bank statement (CSV) that pays some of the demo orders waiting
 * for payment, with a repeated line and an unknown code, for trying the import (Payments › Incoming › Import).
 * Reads the database the server uses (DATABASE_URL or DATA_DIR); an embedded one held by a running server is
 * not opened (the tool names the server's process and exits non-zero): stop the server first.
 */
const file = path.resolve(process.argv[2] ?? 'demo-statement.csv');
const config = loadConfig();
const database = await openToolDatabase(config);
try {
  const { csv, paid } = await demoStatement(database.db);
  fs.writeFileSync(file, csv);
  console.log(
    `Wrote ${file}: pays ${paid.length} orders (${paid.join(', ') || 'none waiting'}), a repeated line, an unknown code.`,
  );
} finally {
  await database.close();
}
