import { loadConfig } from '../edge/config';
import { ConfigError } from '../edge/config-error';
import { createDatabase, type Database } from '../db/db';

/**
 * The database a command-line tool works on: the server's (DATABASE_URL, else DATA_DIR). An embedded one that a
 * running server (or another tool) holds is not opened: the tool says who holds it and exits non-zero.
 */
export async function openToolDatabase(config = loadConfig()): Promise<Database> {
  try {
    return await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Cannot open the database: ${error.message}`);
    process.exit(1);
  }
}
