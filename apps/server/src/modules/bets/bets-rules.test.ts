import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The bets module is the one writer of `bets` (docs/conventions.md#server-modules): placing,
 * cancelling and settling a bet all go through it, so its rules (a bet's status, its figures,
 * the notices its changes send) are kept in one place.
 */

const SRC = fileURLToPath(new URL('../../', import.meta.url));

/** A write of `bets` in TypeScript: the query builder's, or SQL text's. */
const WRITES_BETS =
  /\b(insertInto|updateTable|deleteFrom)\(\s*['"`]bets['"`]|\b(insert\s+into|update|delete\s+from)\s+bets\b/i;

async function filesUnder(dir: string, ending: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return filesUnder(path, ending);
      return Promise.resolve(entry.name.endsWith(ending) ? [path] : []);
    }),
  );
  return files.flat();
}

describe('the bets module is the one writer of bets', () => {
  it('is the only code in apps/server/src that inserts, updates or deletes bets', async () => {
    const offenders: string[] = [];
    for (const file of await filesUnder(SRC, '.ts')) {
      const path = relative(SRC, file).split('\\').join('/');
      if (path.startsWith('modules/bets/') || path.endsWith('.test.ts')) continue;
      (await readFile(file, 'utf8')).split('\n').forEach((line, index) => {
        if (WRITES_BETS.test(line)) offenders.push(`${path}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(offenders).toEqual([]);
  });

  it('is the caller of the only SQL functions that write bets, the bet_* ones', async () => {
    const dir = join(SRC, 'db/functions');
    const writers: string[] = [];
    for (const name of (await readdir(dir)).filter((file) => file.endsWith('.sql'))) {
      const text = await readFile(join(dir, name), 'utf8');
      for (const [, fn = '', body = ''] of text.matchAll(
        /CREATE OR REPLACE FUNCTION (\w+)\(([\s\S]*?)\$\$;/g,
      )) {
        if (WRITES_BETS.test(body.replace(/--.*$/gm, ''))) writers.push(fn);
      }
    }
    expect(writers.sort()).toEqual(['bet_cancel', 'bet_place']);
    // And only the bets module calls them.
    const callers: string[] = [];
    for (const file of await filesUnder(SRC, '.ts')) {
      const path = relative(SRC, file).split('\\').join('/');
      if (path.startsWith('modules/bets/') || path.endsWith('.test.ts')) continue;
      if (/\bbet_(place|cancel|place_batch|lock_position)\(/.test(await readFile(file, 'utf8')))
        callers.push(path);
    }
    expect(callers).toEqual([]);
  });
});
