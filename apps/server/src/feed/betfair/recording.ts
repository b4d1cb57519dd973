import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import Bunzip from 'seek-bzip';
import { parseStreamLine, type MarketChangeMessage } from './messages.js';

/**
 * Betfair's historic data files and stream recordings (docs/feeds.md, "Replaying a recording"):
 * one `mcm` message a line, plain, gzip (`.gz`) or bzip2 (`.bz2`). Several files play as one
 * timeline, ordered by publish time (a stable order: one file's own order is kept).
 */
export interface Recording {
  readonly messages: readonly MarketChangeMessage[];
  /** Lines that were not a message (counted and logged, never fatal). */
  readonly malformed: number;
}

function decompress(path: string, bytes: Buffer): Buffer {
  if (path.endsWith('.bz2')) return Bunzip.decode(bytes);
  if (path.endsWith('.gz')) return gunzipSync(bytes);
  return bytes;
}

/** Reads one file's text into its messages. */
export function parseRecording(
  text: string,
  source: string,
  log: (message: string) => void,
): Recording {
  const messages: MarketChangeMessage[] = [];
  let malformed = 0;
  let lineNumber = 0;
  for (const line of text.split('\n')) {
    lineNumber += 1;
    if (line.trim() === '') continue;
    const parsed = parseStreamLine(line);
    if (!parsed.ok) {
      malformed += 1;
      log(`betfair: ${source}:${lineNumber} is not a stream message (${parsed.problem})`);
      continue;
    }
    if (parsed.message.op === 'mcm') messages.push(parsed.message);
  }
  return { messages, malformed };
}

export async function readRecordings(
  paths: readonly string[],
  log: (message: string) => void,
): Promise<Recording> {
  const all: MarketChangeMessage[] = [];
  let malformed = 0;
  for (const path of paths) {
    const text = decompress(path, await readFile(path)).toString('utf8');
    const recording = parseRecording(text, path, log);
    all.push(...recording.messages);
    malformed += recording.malformed;
  }
  // Array.prototype.sort is stable: messages of one publish time keep their files' order.
  if (paths.length > 1) all.sort((a, b) => a.pt - b.pt);
  return { messages: all, malformed };
}
