import type { Kysely } from 'kysely';
import { imageUrl } from '../../core/images';
import type { TableDef } from '../db/table-defs';
import type { ProcessedImage } from './pipeline';

/**
 * Images live in the database, so every instance sharing it serves every photo (SPEC §9): one row per rendition,
 * named as its URL's last segment, so a request reads the one rendition it asks for and nothing else.
 */
export const FILES_TABLE: TableDef = {
  name: 'files',
  columns: [
    { name: 'name', type: 'text primary key', notNull: true },
    { name: 'imageId', type: 'text', notNull: true },
    { name: 'contentType', type: 'text', notNull: true },
    { name: 'width', type: 'integer', notNull: true },
    { name: 'height', type: 'integer', notNull: true },
    { name: 'bytes', type: 'bytea', notNull: true },
    { name: 'createdAt', type: 'timestamptz', notNull: true, default: 'now()' },
  ],
  indexes: [{ name: 'files_imageId_idx', columns: ['imageId'] }],
};

/** Stores every rendition of an image in one statement (all or none) and answers the full image's URL. */
export async function storeImage(db: Kysely<any>, id: string, image: ProcessedImage): Promise<string> {
  const rows = image.renditions.map((rendition) => ({
    name: imageUrl(id, image.width, image.height, rendition.width).slice('/uploads/'.length),
    imageId: id,
    contentType: 'image/webp',
    width: rendition.width,
    height: rendition.height,
    bytes: rendition.bytes,
  }));
  // The same id is the same bytes (the seed's covers are named by their content): a second store is a no-op.
  await db
    .insertInto('files')
    .values(rows)
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  return imageUrl(id, image.width, image.height);
}

export interface StoredFile {
  contentType: string;
  bytes: Buffer;
}

/** One rendition by its name, or undefined. */
export async function readFile(db: Kysely<any>, name: string): Promise<StoredFile | undefined> {
  const row = (await db
    .selectFrom('files')
    .select(['contentType', 'bytes'])
    .where('name', '=', name)
    .executeTakeFirst()) as { contentType: string; bytes: Uint8Array } | undefined;
  if (!row) return undefined;
  // PGlite answers a Uint8Array, node-postgres a Buffer: the same bytes, without a copy.
  const bytes = Buffer.isBuffer(row.bytes)
    ? row.bytes
    : Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength);
  return { contentType: row.contentType, bytes };
}
