import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can } from '../../core/access';
import type { AnyResource } from '../../core/resource';
import { badRequest, HttpError, notFound } from '../errors';
import { denied } from './scope';

/** Largest image accepted (bytes): photos from a phone, not raw camera files. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;
type Extension = keyof typeof TYPES;

/** What the bytes are, whatever the name or the declared type say: only these images are kept. */
export function imageKind(bytes: Buffer): Extension | undefined {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return undefined;
}

const NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|gif|webp)$/;

/**
 * `POST /api/uploads` (multipart, one `file`): stores an image in `{dataDir}/uploads` under a random name and
 * answers `{url}`; `GET /uploads/{name}` serves it. Only accounts that may write a resource with an image
 * field may upload, so visitors cannot use the server as file storage.
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  options: { dataDir: string; resources: readonly AnyResource[] },
): Promise<void> {
  const dir = path.join(options.dataDir, 'uploads');
  const withImages = options.resources.filter((resource) =>
    Object.values(resource.fields).some((field) => field.kind === 'images'),
  );

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 2 },
      throwFileSizeLimit: true,
    });
    scope.post(
      '/api/uploads',
      { bodyLimit: MAX_UPLOAD_BYTES + 64 * 1024 },
      async (request: FastifyRequest, reply: FastifyReply) => {
        const principal = request.principal;
        const allowed = withImages.some(
          (resource) => can(resource, principal, 'create') || can(resource, principal, 'update'),
        );
        if (principal.kind === 'public' || !allowed) throw denied(principal);
        if (!request.isMultipart()) throw new HttpError(415, 'Unsupported content type');
        let bytes: Buffer;
        try {
          const part = await request.file();
          if (!part) throw badRequest({ file: 'This field is required' });
          bytes = await part.toBuffer();
        } catch (error) {
          if ((error as { statusCode?: number }).statusCode === 413)
            throw new HttpError(413, 'The upload is too large');
          throw error;
        }
        const kind = imageKind(bytes);
        if (!kind) throw badRequest({ file: 'Only PNG, JPEG, GIF and WebP images can be uploaded' });
        const name = `${randomUUID()}.${kind}`;
        await mkdir(dir, { recursive: true });
        await writeFile(path.join(dir, name), bytes, { flag: 'wx' });
        reply.code(201);
        return { url: `/uploads/${name}`, size: bytes.length, type: TYPES[kind] };
      },
    );
  });

  app.get('/uploads/:name', async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const { name } = request.params;
    if (!NAME.test(name)) throw notFound();
    const file = path.join(dir, name);
    try {
      if (!(await stat(file)).isFile()) throw notFound();
    } catch {
      throw notFound();
    }
    const extension = name.slice(name.lastIndexOf('.') + 1) as Extension;
    return reply
      .header('Content-Type', TYPES[extension])
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(createReadStream(file));
  });
}
