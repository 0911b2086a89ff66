import resources from '../../../resources/index';
import { writeMigration } from '../db/snapshot';

const name = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
if (!name) {
  console.error('Usage: npm run db:migration:new -- <name>');
  process.exit(1);
}
const result = writeMigration(resources, name);
if (!result.file) console.log('The schema already matches the resource configs: nothing to write.');
else {
  console.log(`Wrote ${result.file} — review it before committing.`);
  for (const warning of result.warnings) console.warn(`WARNING: ${warning}`);
}
