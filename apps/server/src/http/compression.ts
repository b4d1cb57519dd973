import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/** Below this an answer goes as it is: compressing it saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * Answers above COMPRESS_FROM_BYTES are compressed when the client accepts it: brotli at a quality
 * made for compressing on the fly, else gzip. The built client's files carry their own copies,
 * made at build time at the best ratio (scripts/build.mjs, http/web.ts); an answer that already
 * has a Content-Encoding is left alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
