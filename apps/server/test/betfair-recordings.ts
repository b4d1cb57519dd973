import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Bunzip from 'seek-bzip';
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

/** A side's best three offers, `[price, size]` in Betfair's own units (pounds). */
export type ReferenceSide = [price: number, size: number][];

/**
 * An independent reading of a bzip2 recording, as plainly as Betfair's rules say it, for the tests
 * to hold the adapter to: each market's first line (or an `img`) starts it afresh; `atb`/`atl`
 * entries set a price's size, 0 removing it. Each runner's three best backs and lays at `until`,
 * by market.
 */
export function referenceBook(
  path: string,
  until: number,
): Map<string, Map<number, { back: ReferenceSide; lay: ReferenceSide }>> {
  const markets = new Map<
    string,
    Map<number, { atb: Map<number, number>; atl: Map<number, number> }>
  >();
  for (const line of Bunzip.decode(readFileSync(path)).toString('utf8').split('\n')) {
    if (!line) continue;
    const message = JSON.parse(line) as {
      pt: number;
      mc?: {
        id: string;
        img?: boolean;
        rc?: { id: number; atb?: number[][]; atl?: number[][] }[];
      }[];
    };
    if (message.pt > until) break;
    for (const change of message.mc ?? []) {
      if (!markets.has(change.id) || change.img) markets.set(change.id, new Map());
      const runners = markets.get(change.id)!;
      for (const rc of change.rc ?? []) {
        const runner = runners.get(rc.id) ?? { atb: new Map(), atl: new Map() };
        runners.set(rc.id, runner);
        for (const [side, entries] of [
          [runner.atb, rc.atb],
          [runner.atl, rc.atl],
        ] as const) {
          for (const [price, size] of entries ?? []) {
            if (size === 0) side.delete(price!);
            else side.set(price!, size!);
          }
        }
      }
    }
  }
  const top = (side: Map<number, number>, descending: boolean): ReferenceSide =>
    [...side].sort((a, b) => (descending ? b[0] - a[0] : a[0] - b[0])).slice(0, 3);
  return new Map(
    [...markets].map(([id, runners]) => [
      id,
      new Map(
        [...runners].map(([runnerId, runner]) => [
          runnerId,
          { back: top(runner.atb, true), lay: top(runner.atl, false) },
        ]),
      ),
    ]),
  );
}
