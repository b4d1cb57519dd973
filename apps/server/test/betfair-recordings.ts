import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe } from 'vitest';
import { REPO_ROOT } from '../src/config.js';

/**
 * Betfair's recorded markets, read where they live beside the repository (never copied into it):
 * `../shared/feeds/betfair/`, or BETFAIR_RECORDINGS. A test that needs one skips with this reason
 * when it is absent.
 */
export const RECORDINGS_DIR = resolve(
  process.env.BETFAIR_RECORDINGS ?? resolve(REPO_ROOT, '../shared/feeds/betfair'),
);

/** The recorded cricket match odds: Mumbai v Saurashtra, 9 March 2021 (Mumbai won). */
export const CRICKET_FILE = resolve(RECORDINGS_DIR, '1-180305278.bz2');

export const recordingPath = (name: string): string => resolve(RECORDINGS_DIR, name);

/** Why a test of these recordings cannot run here, or null. */
export function recordingsMissing(...paths: string[]): string | null {
  const missing = paths.filter((path) => !existsSync(path));
  return missing.length === 0
    ? null
    : `Betfair recordings absent (${missing.join(', ')}): set BETFAIR_RECORDINGS to the folder of recorded markets`;
}

/**
 * A suite of tests that read these recordings: skipped, saying why in its title, where they are
 * absent (the one kind of conditional suite: the data lives beside the repository, not in it).
 */
export function describeWithRecordings(paths: string[], title: string, body: () => void): void {
  const missing = recordingsMissing(...paths);
  if (missing === null) describe(title, body);
  else describe.skip(`${title} — skipped: ${missing}`, body);
}
