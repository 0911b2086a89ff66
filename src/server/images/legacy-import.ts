import { randomBytes } from 'node:crypto';
import { readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { tableName, type AnyResource } from '../../core/resource';
import { ImageRefused, processImage } from './pipeline';
import { storeImage } from './store';

/** Names the server wrote into `DATA_DIR/uploads` before images moved into the database. */
const LEGACY_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

export interface LegacyImportResult {
  imported: { from: string; to: string; records: number }[];
  /** Files the pipeline refuses (damaged, not an image): left where they are. */
  refused: { file: string; problem: string }[];
}

/**
 * Moves the images of `{dataDir}/uploads` into the database: each goes through the upload pipeline (so an old
 * photo loses its EXIF too), every record whose image field names its old URL is pointed at the new one (its
 * version bumped, so an open form cannot write the old URL back), and only then is the file deleted. Running it
 * again finds nothing left to do.
 */
export async function importLegacyUploads(
  db: Kysely<any>,
  dataDir: string,
  resources: readonly AnyResource[],
): Promise<LegacyImportResult> {
  const dir = path.join(dataDir, 'uploads');
  const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => LEGACY_NAME.test(name)).sort();
  const columns = resources.flatMap((resource) =>
    Object.entries(resource.fields)
      .filter(([, field]) => field.kind === 'images')
      .map(([name]) => ({ table: tableName(resource), column: name })),
  );
  const result: LegacyImportResult = { imported: [], refused: [] };
  for (const name of names) {
    const file = path.join(dir, name);
    let image;
    try {
      image = await processImage(await readFile(file));
    } catch (error) {
      if (!(error instanceof ImageRefused)) throw error;
      result.refused.push({ file, problem: error.problem });
      continue;
    }
    const from = `/uploads/${name}`;
    await db.transaction().execute(async (trx) => {
      const to = await storeImage(trx, randomBytes(16).toString('hex'), image);
      let changed = 0;
      for (const { table, column } of columns) {
        const updated = await sql`
          update ${sql.table(table)}
          set ${sql.ref(column)} = (
                select jsonb_agg(case when e.v = to_jsonb(${from}::text) then to_jsonb(${to}::text) else e.v end
                                 order by e.n)
                from jsonb_array_elements(${sql.ref(column)}) with ordinality as e(v, n)
              ),
              "version" = "version" + 1,
              "updatedAt" = now()
          where ${sql.ref(column)} @> jsonb_build_array(${from}::text)`.execute(trx);
        changed += Number(updated.numAffectedRows ?? 0);
      }
      result.imported.push({ from, to, records: changed });
    });
    await unlink(file);
  }
  return result;
}
