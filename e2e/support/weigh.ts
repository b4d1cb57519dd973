import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

/** One script or stylesheet a page loaded. */
export interface Asset {
  readonly url: string;
  readonly kind: 'js' | 'css';
  /** The body as the page got it (decoded). */
  readonly bytes: number;
  /** gzip -9 of those bytes: what the client weighs, whatever the server's encoding. */
  readonly gzip: number;
  /** What came over the wire (the encoded body) and its Content-Encoding. */
  readonly sent: number;
  readonly encoding: string;
}

export const gzip9 = (body: Buffer) => gzipSync(body, { level: 9 }).length;

/**
 * Starts recording every script and stylesheet `page` loads; the answer resolves them, one entry
 * per URL (a module may be fetched once by preload and reused). The client's weight in the
 * budget journey (e2e/budget.spec.ts) and the client-weight benchmark alike.
 */
export function recordAssets(page: Page): () => Promise<Asset[]> {
  const pending: Promise<Asset | null>[] = [];
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    const kind: Asset['kind'] | null = type.includes('javascript')
      ? 'js'
      : type.includes('text/css')
        ? 'css'
        : null;
    if (!kind || response.status() !== 200) return;
    pending.push(
      (async () => {
        const body = await response.body();
        const sizes = await response.request().sizes();
        return {
          url: new URL(response.url()).pathname,
          kind,
          bytes: body.length,
          gzip: gzip9(body),
          sent: sizes.responseBodySize,
          encoding: response.headers()['content-encoding'] ?? 'identity',
        };
      })().catch(() => null),
    );
  });
  return async () => {
    const assets = (await Promise.all(pending)).filter((asset): asset is Asset => asset !== null);
    return [...new Map(assets.map((asset) => [asset.url, asset])).values()];
  };
}

/** The sum of one kind's gzip -9 bytes. */
export const gzipTotal = (assets: readonly Asset[], kind: Asset['kind']) =>
  assets.filter((asset) => asset.kind === kind).reduce((total, asset) => total + asset.gzip, 0);
