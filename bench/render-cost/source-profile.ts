import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map-js';

/**
 * A Chromium CPU profile (CDP Profiler.stop) of the built web client, its minified frames mapped
 * back through the build's source maps to the original function and file (apps/web/src/…,
 * node_modules/<package>), and idle (or native) samples left out, for bench/lib/profile.ts
 * `hotspots`.
 */

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
  readonly columnNumber?: number;
}

export interface ChromiumProfile {
  readonly nodes: readonly { readonly id: number; readonly callFrame: CallFrame }[];
  readonly samples: readonly number[];
}

export function sourceMapped(
  profile: ChromiumProfile,
  distDir: string,
  /** Pseudo-frames whose samples are left out: '(idle)', '(program)' (native work). */
  skip: readonly string[] = ['(idle)'],
): ChromiumProfile {
  const consumers = new Map<string, SourceMapConsumer | null>();
  const consumerOf = (url: string) => {
    if (!consumers.has(url)) {
      let consumer: SourceMapConsumer | null = null;
      try {
        const file = join(distDir, new URL(url).pathname);
        if (existsSync(`${file}.map`)) {
          const raw = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as RawSourceMap;
          consumer = new SourceMapConsumer(raw);
        }
      } catch {
        consumer = null;
      }
      consumers.set(url, consumer);
    }
    return consumers.get(url) ?? null;
  };
  const nodes = profile.nodes.map((node) => {
    const { url, lineNumber, columnNumber } = node.callFrame;
    const consumer = url.startsWith('http') ? consumerOf(url) : null;
    if (!consumer) return node;
    const original = consumer.originalPositionFor({
      line: lineNumber + 1,
      column: columnNumber ?? 0,
    });
    if (!original.source) return node;
    const file = join(distDir, new URL(url).pathname);
    return {
      ...node,
      callFrame: {
        functionName: original.name ?? node.callFrame.functionName,
        url: resolve(dirname(file), original.source),
        lineNumber: (original.line ?? 1) - 1,
      },
    };
  });
  const skipped = new Set(
    profile.nodes
      .filter((node) => skip.includes(node.callFrame.functionName))
      .map((node) => node.id),
  );
  return { nodes, samples: profile.samples.filter((id) => !skipped.has(id)) };
}
