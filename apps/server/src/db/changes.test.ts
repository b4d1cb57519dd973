import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { listenForChanges, type Changes } from './changes.js';
import { sql } from 'kysely';

// The change listener's catch-up (db/changes.ts): a read that must see a write committed on
// another connection waits for it (docs/architecture.md, "Caches").

let database: TestDatabase;
let changes: Changes;
const heard: string[] = [];

const live = async (listener: Changes) => {
  for (let tries = 0; tries < 200 && !listener.isLive(); tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  expect(listener.isLive()).toBe(true);
};

beforeAll(async () => {
  database = await createTestDatabase();
  changes = listenForChanges(database.url, { log: () => {} });
  changes.on('backlay_positions', (payload) => heard.push(payload));
  await live(changes);
});

afterAll(async () => {
  await changes.close();
  await database.drop();
});

const notify = (payload: string) =>
  sql`SELECT pg_notify('backlay_positions', ${payload})`.execute(database.db);

describe('catching up with committed changes', () => {
  it('has heard every notification committed before the call once it resolves', async () => {
    // Right after the commit the notice is usually still in the listener's socket: without the
    // round trip most of these would be read before it was heard.
    for (let round = 0; round < 40; round += 1) {
      await notify(`k${round}`);
      await changes.caughtUp();
      expect(heard).toContain(`k${round}`);
    }
  });

  it('serves callers that arrive during a round trip with one that starts after them', async () => {
    const first = changes.caughtUp();
    await notify('late');
    // This call comes after the first round trip was sent: it must see 'late' all the same.
    await changes.caughtUp();
    expect(heard).toContain('late');
    await first;
    const many = await Promise.all(Array.from({ length: 50 }, () => changes.caughtUp()));
    expect(many).toHaveLength(50);
  });

  it('answers at once while nothing is heard (nothing is served from a cache then)', async () => {
    const deaf = listenForChanges('postgres://nobody@127.0.0.1:1/none', {
      log: () => {},
      retryMs: 60_000,
    });
    expect(deaf.isLive()).toBe(false);
    await expect(deaf.caughtUp()).resolves.toBeUndefined();
    await deaf.close();
  });
});
