import resources from '../../../resources/index';
import { loadConfig } from '../edge/config';
import { openToolDatabase } from './tool-database';
import { migrate } from '../db/migrate';
import { importLegacyUploads } from '../images/legacy-import';

/**
 * `npm run uploads:import`: moves the images an older server wrote into `DATA_DIR/uploads` into the database
 * (the `files` table), re-encoded, and points the records that show them at their new URLs.
 */
const config = loadConfig();
const database = await openToolDatabase(config);
try {
  await migrate(database.db);
  const result = await importLegacyUploads(database.db, config.dataDir, resources);
  for (const { from, to, records } of result.imported) console.log(`${from} → ${to} (${records} records)`);
  for (const { file, problem } of result.refused)
    console.warn(`left in place, not an image we keep (${problem}): ${file}`);
  console.log(`Imported ${result.imported.length} images; ${result.refused.length} refused.`);
} finally {
  await database.close();
}
