import { checkIsValid, getSessionEnd, logout } from '@backlay/contract/auth';
import { changePassword } from '@backlay/contract/chips';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestClient,
  login,
  testClock,
  TEST_PASSWORD,
} from '../../../test/app.js';
import { changesOf, createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { noChanges, type Changes } from '../../db/changes.js';
import { openDatabase, type Database } from '../../db/pool.js';

/**
 * The session cache (docs/architecture.md, "Caches"): a known live session costs no round trip, and
 * a revoked one stops at once in this process and within a second on every other.
 */

let database: TestDatabase;
/** A second pool on the same database that records the SQL of every query it runs. */
let counted: Database;
const queries: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  counted = openDatabase(database.url, { max: 3, onQuery: (sql) => void queries.push(sql) });
});
afterAll(async () => {
  await counted.close();
  await database.drop();
});

/** How many of the queries since the last call read or wrote `sessions`. */
function sessionQueries(): number {
  const count = queries.filter((sql) => sql.includes('"sessions"')).length;
  queries.length = 0;
  return count;
}

/**
 * A listener that is up but hears nothing: what this process does itself is all that can keep
 * its cache right, as when a notification has not arrived yet.
 */
const deaf: Changes = {
  isLive: () => true,
  on: () => {},
  onReset: () => {},
  caughtUp: async () => {},
  close: async () => {},
};

const check = (app: FastifyInstance, token: string) =>
  app.inject({ url: checkIsValid.path, headers: bearer(token) });

const lastSeenAt = async (validityValue: string) =>
  (
    await database.db
      .selectFrom('sessions')
      .select('last_seen_at')
      .where('validity_value', '=', validityValue)
      .executeTakeFirstOrThrow()
  ).last_seen_at;

describe('a session served from memory', () => {
  let app: FastifyInstance;
  const clock = testClock();
  beforeAll(async () => {
    app = await buildTestApp(counted.db, { clock, changes: deaf });
    for (const name of ['cache-erin', 'cache-gita', 'cache-hari', 'cache-ila'])
      await createTestClient(database.db, name);
  });
  afterAll(() => app.close());

  it('makes no session query for the second request of a token', async () => {
    const session = await login(app, 'cache-erin');
    sessionQueries();
    expect((await check(app, session.Token)).json()).toEqual({
      Status: true,
      Result: session.IsValidToken,
    });
    expect(sessionQueries()).toBe(1);
    for (let request = 0; request < 3; request += 1) {
      expect((await check(app, session.Token)).statusCode).toBe(200);
      expect(sessionQueries()).toBe(0);
    }
    // An unknown token is not cached: it is read, and refused, each time.
    for (let request = 0; request < 2; request += 1) {
      expect((await check(app, 'not-a-token')).statusCode).toBe(401);
      expect(sessionQueries()).toBe(1);
    }
  });

  it('ends a session at once on logout', async () => {
    const session = await login(app, 'cache-erin');
    expect((await check(app, session.Token)).statusCode).toBe(200);
    expect((await check(app, session.Token)).statusCode).toBe(200);
    sessionQueries();
    expect((await check(app, session.Token)).statusCode).toBe(200);
    expect(sessionQueries()).toBe(0);
    await app.inject({ url: logout.path, headers: bearer(session.Token) });
    expect((await check(app, session.Token)).statusCode).toBe(401);
  });

  it('ends the older session at once on a new login', async () => {
    const first = await login(app, 'cache-gita');
    expect((await check(app, first.Token)).statusCode).toBe(200);
    const second = await login(app, 'cache-gita');
    expect((await check(app, first.Token)).statusCode).toBe(401);
    expect((await check(app, second.Token)).statusCode).toBe(200);
  });

  it('ends the other sessions at once on a password change, and keeps the changing one', async () => {
    const ended = await login(app, 'cache-hari');
    const changer = await login(app, 'cache-hari');
    // Two live sessions side by side (a new login would have ended the first).
    await database.db
      .updateTable('sessions')
      .set({ revoked_at: null, revoked_reason: null })
      .where('validity_value', '=', ended.IsValidToken)
      .execute();
    expect((await check(app, ended.Token)).statusCode).toBe(200);
    expect((await check(app, changer.Token)).statusCode).toBe(200);
    const change = await app.inject({
      method: 'POST',
      url: changePassword.path,
      headers: bearer(changer.Token),
      payload: { oldPassword: TEST_PASSWORD, newPassword: 'another-secret' },
    });
    expect(change.json()).toEqual({ Status: true, Result: 'Password changed successfully' });
    expect((await check(app, ended.Token)).statusCode).toBe(401);
    expect((await check(app, changer.Token)).statusCode).toBe(200);
  });

  it('still expires an idle session by the injected clock, and names the expiry', async () => {
    const session = await login(app, 'cache-ila');
    expect((await check(app, session.Token)).statusCode).toBe(200);
    clock.advance(8 * 3600 * 1000 - 1000);
    expect((await check(app, session.Token)).statusCode).toBe(200);
    // The touch is not awaited by the request; it lands on its own.
    await vi.waitFor(async () =>
      expect((await lastSeenAt(session.IsValidToken)).getTime()).toBe(clock.now().getTime()),
    );
    clock.advance(8 * 3600 * 1000);
    expect((await check(app, session.Token)).statusCode).toBe(401);
    const end = await app.inject({ url: getSessionEnd.path, headers: bearer(session.Token) });
    expect(end.json()).toEqual({ Status: true, Result: 'expired' });
  });

  it('still ends a session 24 hours after login however active it is', async () => {
    const session = await login(app, 'cache-ila');
    for (let hour = 0; hour < 23; hour += 1) {
      clock.advance(3600 * 1000);
      expect((await check(app, session.Token)).statusCode).toBe(200);
    }
    clock.advance(3600 * 1000);
    expect((await check(app, session.Token)).statusCode).toBe(401);
  });
});

describe('sessions on two instances', () => {
  it('re-reads a session that looks idle in memory before ending it: another instance may have seen it', async () => {
    const clock = testClock();
    const first = await buildTestApp(database.db, { clock, changes: deaf });
    const second = await buildTestApp(database.db, { clock, changes: deaf });
    await createTestClient(database.db, 'cache-jaya');
    const session = await login(first, 'cache-jaya');
    expect((await check(first, session.Token)).statusCode).toBe(200);
    clock.advance(7 * 3600 * 1000);
    // Only the second instance sees the client for hours; it moves last_seen_at.
    expect((await check(second, session.Token)).statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect((await lastSeenAt(session.IsValidToken)).getTime()).toBe(clock.now().getTime()),
    );
    clock.advance(2 * 3600 * 1000);
    // The first instance's copy is 9 hours idle; the row says 2.
    expect((await check(first, session.Token)).statusCode).toBe(200);
    expect((await check(second, session.Token)).statusCode).toBe(200);
    await first.close();
    await second.close();
  });

  it('stops a token within a second of a revocation written straight to the database', async () => {
    const changes = changesOf(database.db);
    if (!changes) throw new Error('the test database has no change listener');
    await vi.waitFor(() => expect(changes.isLive()).toBe(true));
    const app = await buildTestApp(counted.db, { changes });
    await createTestClient(database.db, 'cache-kiran');
    const session = await login(app, 'cache-kiran');
    expect((await check(app, session.Token)).statusCode).toBe(200);
    sessionQueries();
    expect((await check(app, session.Token)).statusCode).toBe(200);
    expect(sessionQueries()).toBe(0); // served from memory

    // As another instance would: the trigger's NOTIFY is all this one hears of it.
    await database.db
      .updateTable('sessions')
      .set({ revoked_at: new Date(), revoked_reason: 'logged out' })
      .where('validity_value', '=', session.IsValidToken)
      .execute();
    const revokedAt = Date.now();
    await vi.waitFor(async () => expect((await check(app, session.Token)).statusCode).toBe(401), {
      timeout: 1000,
      interval: 10,
    });
    expect(Date.now() - revokedAt).toBeLessThan(1000);
    await app.close();
  });
});

describe('without a listener', () => {
  it('reads every session from the database, and every rule still holds', async () => {
    const clock = testClock();
    const app = await buildTestApp(counted.db, { clock, changes: noChanges });
    await createTestClient(database.db, 'cache-lata');
    const first = await login(app, 'cache-lata');
    sessionQueries();
    for (let request = 0; request < 2; request += 1) {
      expect((await check(app, first.Token)).statusCode).toBe(200);
      expect(sessionQueries()).toBe(1);
    }
    const second = await login(app, 'cache-lata');
    expect((await check(app, first.Token)).statusCode).toBe(401);
    expect((await check(app, second.Token)).statusCode).toBe(200);
    await app.inject({ url: logout.path, headers: bearer(second.Token) });
    expect((await check(app, second.Token)).statusCode).toBe(401);

    const third = await login(app, 'cache-lata');
    clock.advance(8 * 3600 * 1000);
    expect((await check(app, third.Token)).statusCode).toBe(401);
    const end = await app.inject({ url: getSessionEnd.path, headers: bearer(third.Token) });
    expect(end.json()).toEqual({ Status: true, Result: 'expired' });
    await app.close();
  });
});
