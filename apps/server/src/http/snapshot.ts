import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_FROM_BYTES } from './compression.js';

/**
 * An answer as ready bytes (docs/architecture.md, "Caches"): its JSON built once, a strong ETag
 * from the bytes, and its brotli and gzip copies made on first demand.
 */
export interface Snapshot {
  /** The answer as it was checked, before it became bytes. */
  readonly answer: unknown;
  readonly body: Buffer;
  readonly etag: string;
  /** The inputs it was built from, compared by identity; any other input means another answer. */
  readonly inputs: readonly unknown[];
  br?: Buffer;
  gzip?: Buffer;
}

/** Made once per snapshot, so a quality for the best ratio costs nothing per request. */
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } };

export function snapshotOf(answer: unknown, inputs: readonly unknown[]): Snapshot {
  const body = Buffer.from(JSON.stringify(answer));
  // Strong: the same bytes give the same tag on every instance, whichever built them.
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { answer, body, etag, inputs };
}

const sameInputs = (a: readonly unknown[], b: readonly unknown[]): boolean => {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/**
 * Snapshots by key, each answered while its inputs are the same values as when it was built (a
 * price's seq, a market's status, the catalog's copy of an event …): a writer changes an input,
 * and the next read builds the answer once for everyone. The least recently read go first.
 */
export function createSnapshots(options: { maxEntries: number }) {
  const entries = new Map<string, Snapshot>();
  return {
    get(key: string, inputs: readonly unknown[], build: () => unknown): Snapshot {
      const hit = entries.get(key);
      entries.delete(key);
      const snapshot = hit && sameInputs(hit.inputs, inputs) ? hit : snapshotOf(build(), inputs);
      entries.set(key, snapshot);
      if (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return snapshot;
    },
    get size() {
      return entries.size;
    },
  };
}

export type Snapshots = ReturnType<typeof createSnapshots>;

/** Whether an If-None-Match header names this tag (a list, or `*`; weak forms match too). */
export function matchesTag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === etag) return true;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

/** The encoding a client prefers among ours: brotli, else gzip (q=0 refuses one). */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  let gzip = false;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (params.some((param) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(param))) continue;
    if (name === 'br') return 'br';
    if (name === 'gzip') gzip = true;
  }
  return gzip ? 'gzip' : undefined;
}

/**
 * The bytes to send for an Accept-Encoding header: the brotli or gzip copy (made on first
 * demand) when the client accepts it and the answer is large enough to gain, else the answer.
 */
export function encodingFor(
  header: string | undefined,
  snapshot: Snapshot,
): { body: Buffer; encoding?: 'br' | 'gzip' } {
  if (snapshot.body.length < COMPRESS_FROM_BYTES) return { body: snapshot.body };
  switch (acceptedEncoding(header)) {
    case 'br':
      snapshot.br ??= brotliCompressSync(snapshot.body, BROTLI);
      return { body: snapshot.br, encoding: 'br' };
    case 'gzip':
      snapshot.gzip ??= gzipSync(snapshot.body, { level: 9 });
      return { body: snapshot.gzip, encoding: 'gzip' };
    case undefined:
      return { body: snapshot.body };
  }
}

/**
 * Answers with a snapshot: 304 when the client holds its tag, else the bytes (encodingFor).
 * `private, no-cache` lets the browser keep the answer and ask again with its tag on every poll;
 * a shared cache never keeps it. The fast lane (http/fast-lane.ts) sends the same headers.
 */
export function sendSnapshot(
  request: FastifyRequest,
  reply: FastifyReply,
  snapshot: Snapshot,
): FastifyReply {
  void reply
    .header('etag', snapshot.etag)
    .header('cache-control', 'private, no-cache')
    .header('vary', 'Accept-Encoding');
  if (matchesTag(request.headers['if-none-match'], snapshot.etag)) {
    return reply.code(304).send();
  }
  void reply.header('content-type', 'application/json; charset=utf-8');
  const encoded = encodingFor(request.headers['accept-encoding'], snapshot);
  if (encoded.encoding) void reply.header('content-encoding', encoded.encoding);
  return reply.send(encoded.body);
}

/**
 * Whether a request asks for an answer no cache may give without asking the source first
 * (`Cache-Control: no-cache` or `max-age=0`, or HTTP/1.0's `Pragma: no-cache`): a client reading
 * what it has just written (docs/architecture.md, "Caches").
 */
export function wantsCurrent(headers: IncomingHttpHeaders): boolean {
  const control = headers['cache-control'];
  if (control !== undefined) return /(?:^|,)\s*(?:no-cache|max-age=0)\s*(?:,|$)/i.test(control);
  return /no-cache/i.test(headers.pragma ?? '');
}
