import { loadConfig } from '../edge/config';
import { openToolDatabase } from './tool-database';
import { migrate } from '../db/migrate';

const config = loadConfig();
const database = await openToolDatabase(config);
try {
  const result = await migrate(database.db);
  console.log(
    result.applied.length ? `Applied ${result.applied.join(', ')}.` : 'Nothing to apply.',
    `Database (${database.engine}) is at ${result.level ?? 'no migration'}.`,
  );
} finally {
  await database.close();
}
