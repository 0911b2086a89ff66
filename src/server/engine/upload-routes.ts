import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { can } from '../../core/access';
import { parseImageName } from '../../core/images';
import type { AnyResource } from '../../core/resource';
import { appText } from '../edge/caller-language';
import { HttpError, notFound } from '../edge/errors';
import { ImageRefused, processImage, type ImageProblem } from '../images/pipeline';
import { readFile, storeImage } from '../images/store';
import { denied } from './scope';
import { MAX_UPLOAD_BYTES } from './body-limits';

function refused(request: FastifyRequest, problem: ImageProblem | 'required'): HttpError {
  const message = appText(request, `upload.errors.${problem}`);
  return new HttpError(400, message, { file: message });
}

/**
 * `POST /api/uploads` (multipart, one `file`): re-encodes an image (pipeline.ts), stores its renditions in the
 * database and answers `{url, width, height, type}`; `GET /uploads/{name}` serves one rendition. Only accounts
 * that may write a resource with an image field may upload, so visitors cannot use the server as file storage.
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  options: { db: Kysely<any>; resources: readonly AnyResource[] },
): Promise<void> {
  const withImages = options.resources.filter((resource) =>
    Object.values(resource.fields).some((field) => field.kind === 'images'),
  );

  await app.register(async (scope) => {
    await scope.register(multipart, {
      // One byte over the limit is read, so the length alone tells an oversized file (the parser's own
      // "truncated" signal can come after the last chunk, and a JPEG cut at 5 MB may still decode).
      limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 0, parts: 2 },
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
          if (!part) throw refused(request, 'required');
          bytes = await part.toBuffer();
          if (bytes.length > MAX_UPLOAD_BYTES || part.file.truncated)
            throw new HttpError(413, appText(request, 'upload.errors.tooLarge'));
        } catch (error) {
          if ((error as { statusCode?: number }).statusCode === 413)
            throw new HttpError(413, appText(request, 'upload.errors.tooLarge'));
          throw error;
        }
        if (!bytes.length) throw refused(request, 'required');
        let image;
        try {
          image = await processImage(bytes);
        } catch (error) {
          if (error instanceof ImageRefused) throw refused(request, error.problem);
          throw error;
        }
        const url = await storeImage(options.db, randomBytes(16).toString('hex'), image);
        reply.code(201);
        return { url, width: image.width, height: image.height, type: 'image/webp' };
      },
    );
  });

  app.get('/uploads/:name', async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const { name } = request.params;
    if (!parseImageName(name)) throw notFound();
    const file = await readFile(options.db, name);
    if (!file) throw notFound();
    return reply
      .header('Content-Type', file.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(file.bytes);
  });
}
