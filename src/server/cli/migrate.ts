import { loadConfig } from '../config';
import { createDatabase } from '../db/connection';
import { migrate } from '../db/migrate';

const config = loadConfig();
const database = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await migrate(database.db);
  console.log(
    result.applied.length ? `Applied ${result.applied.join(', ')}.` : 'Nothing to apply.',
    `Database (${database.engine}) is at ${result.level ?? 'no migration'}.`,
  );
} finally {
  await database.close();
}
