import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than a packet. */
export const COMPRESS_THRESHOLD = 1024;

const listRanges = new WeakMap<FastifyReply, string>();

/**
 * ra-data-simple-rest puts a list's item range in `Content-Range` on a 200 answer. @fastify/compress leaves
 * every answer carrying that header alone (it reads it as a byte range), so lists hand it over here and it is
 * set after compression, in the last onSend step of every route.
 */
export function setListRange(reply: FastifyReply, value: string): void {
  listRanges.set(reply, value);
}

const restoreListRange: onSendHookHandler = (_request, reply, payload, done) => {
  const range = listRanges.get(reply);
  if (range !== undefined) reply.header('Content-Range', range);
  done(null, payload);
};

/**
 * Compresses answers on the fly (JSON over 1 KB, streamed CSV exports), brotli or gzip by `Accept-Encoding`,
 * at levels the CPU can afford per request (brotli 4, gzip 6). Static files are compressed once at build time
 * (precompress.ts) and skipped here, as are event streams. Registered before any route: it hooks each route.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  // After the plugin's own onRoute hook, so this onSend step runs after its compression step.
  app.addHook('onRoute', (route) => {
    const hooks = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [...hooks, restoreListRange];
  });
}
