import { checkIsValid, getSessionEnd, logout } from '@backlay/contract/auth';
import { changePassword } from '@backlay/contract/chips';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  buildTestApp,
  cheapPasswords,
  createTestClient,
  LAT_LONG,
  login,
  testClock,
  TEST_PASSWORD,
} from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { createPasswordHasher, PRODUCTION_ARGON2 } from './password.js';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

function postLogin(app: FastifyInstance, payload: unknown, ipAddress = '203.0.113.9') {
  return app.inject({
    method: 'POST',
    url: `/api/Authenticate/ValidLogin?ipAddress=${ipAddress}`,
    payload: payload as object,
  });
}

describe('login', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(database.db);
    await createTestClient(database.db, 'alice');
  });
  afterAll(() => app.close());

  it('answers Token, uid, UserName and a per-session IsValidToken that is not the token', async () => {
    const response = await postLogin(app, {
      username: 'alice',
      password: TEST_PASSWORD,
      LatLong: LAT_LONG,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.Status).toBe(true);
    expect(body.data.UserName).toBe('alice');
    expect(body.data.uid).toBeTypeOf('number');
    expect(body.data.Token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.IsValidToken).toMatch(/^[0-9a-f]{32}$/);
    expect(body.data.IsValidToken).not.toBe(body.data.Token);
  });

  it('records the LatLong with the socket address, the claimed address and the time', async () => {
    await postLogin(
      app,
      { username: 'alice', password: TEST_PASSWORD, LatLong: '28.61,77.20' },
      '198.51.100.7',
    );
    const event = await database.db
      .selectFrom('login_events')
      .selectAll()
      .where('lat_long', '=', '28.61,77.20')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      outcome: 'success',
      claimed_address: '198.51.100.7',
      socket_address: '127.0.0.1',
    });
    expect(event.created_at).toBeInstanceOf(Date);
  });

  it('refuses a wrong password with HTTP 200 and "Invalid username or password"', async () => {
    const response = await postLogin(app, {
      username: 'alice',
      password: 'wrong',
      LatLong: LAT_LONG,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Status: false, Result: 'Invalid username or password' });
  });

  it('refuses an unknown username with the same answer', async () => {
    const response = await postLogin(app, {
      username: 'nobody-here',
      password: 'x',
      LatLong: LAT_LONG,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ Status: false, Result: 'Invalid username or password' });
  });

  it('requires LatLong, a username and a password (400 with a clear Result)', async () => {
    const noLocation = await postLogin(app, { username: 'alice', password: TEST_PASSWORD });
    expect(noLocation.statusCode).toBe(400);
    expect(noLocation.json().Result).toContain('LatLong');
    const badLocation = await postLogin(app, {
      username: 'alice',
      password: TEST_PASSWORD,
      LatLong: '123,456',
    });
    expect(badLocation.statusCode).toBe(400);
    const blank = await postLogin(app, {
      username: '   ',
      password: TEST_PASSWORD,
      LatLong: LAT_LONG,
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().Result).toContain('Username is required');
    const noPassword = await postLogin(app, { username: 'alice', password: '', LatLong: LAT_LONG });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().Result).toContain('Password is required');
  });
});

describe('equal timing for unknown users', () => {
  it('spends one argon2 verification whether or not the username exists', async () => {
    const verify = vi.spyOn(cheapPasswords, 'verify');
    const verifyNothing = vi.spyOn(cheapPasswords, 'verifyNothing');
    const app = await buildTestApp(database.db, { passwords: cheapPasswords });
    await createTestClient(database.db, 'timing');
    await postLogin(app, { username: 'timing', password: 'nope', LatLong: LAT_LONG });
    await postLogin(app, { username: 'ghost-user', password: 'nope', LatLong: LAT_LONG });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verifyNothing).toHaveBeenCalledTimes(1);
    await app.close();
    vi.restoreAllMocks();
  });
});

describe('throttling', () => {
  it('blocks an account after the configured failures, with increasing delays, even for the right password', async () => {
    const clock = testClock();
    const app = await buildTestApp(database.db, {
      clock,
      config: {
        loginThrottle: { accountLimit: 2, addressLimit: 100, blockS: 30, maxBlockS: 3600 },
      },
    });
    await createTestClient(database.db, 'bob');
    const wrong = { username: 'bob', password: 'wrong', LatLong: LAT_LONG };
    expect((await postLogin(app, wrong)).statusCode).toBe(200);
    expect((await postLogin(app, wrong)).statusCode).toBe(200); // second failure: blocked for 30 s

    const blocked = await postLogin(app, { ...wrong, password: TEST_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      Status: false,
      Result: 'Too many failed logins. Try again in 30 seconds.',
    });
    expect(blocked.headers['retry-after']).toBe('30');

    clock.advance(31_000);
    expect((await postLogin(app, wrong)).statusCode).toBe(200); // third failure: blocked for 60 s
    clock.advance(31_000);
    const again = await postLogin(app, { ...wrong, password: TEST_PASSWORD });
    expect(again.statusCode).toBe(429);
    expect(again.json().Result).toBe('Too many failed logins. Try again in 29 seconds.');

    clock.advance(30_000);
    const ok = await postLogin(app, { ...wrong, password: TEST_PASSWORD });
    expect(ok.json().Status).toBe(true);
    await app.close();
  });

  it('blocks a socket address that fails across many accounts', async () => {
    const app = await buildTestApp(database.db, {
      config: {
        loginThrottle: { accountLimit: 100, addressLimit: 3, blockS: 10, maxBlockS: 3600 },
      },
    });
    for (const username of ['u-one', 'u-two', 'u-three']) {
      await postLogin(app, { username, password: 'x', LatLong: LAT_LONG });
    }
    const blocked = await postLogin(app, { username: 'u-four', password: 'x', LatLong: LAT_LONG });
    expect(blocked.statusCode).toBe(429);
    // The claimed ipAddress is not trusted: another claim from the same socket is still blocked.
    const otherClaim = await postLogin(
      app,
      { username: 'u-five', password: 'x', LatLong: LAT_LONG },
      '1.1.1.1',
    );
    expect(otherClaim.statusCode).toBe(429);
    await app.close();
    await database.db.deleteFrom('login_throttle').execute();
  });
});

describe('sessions', () => {
  let app: FastifyInstance;
  const clock = testClock();
  beforeAll(async () => {
    app = await buildTestApp(database.db, { clock });
    await createTestClient(database.db, 'carol');
  });
  afterAll(() => app.close());

  it('answers the validity check with the session IsValidToken', async () => {
    const session = await login(app, 'carol');
    const response = await app.inject({
      url: '/api/Authenticate/checkIsValid',
      headers: bearer(session.Token),
    });
    expect(response.json()).toEqual({ Status: true, Result: session.IsValidToken });
  });

  it('refuses the old token right after a new login of the same client', async () => {
    const first = await login(app, 'carol');
    const second = await login(app, 'carol');
    const old = await app.inject({
      url: '/api/AmountModels/GetMainBalance',
      headers: bearer(first.Token),
    });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual({ Status: false, Result: 'User not authenticated' });
    const current = await app.inject({
      url: '/api/AmountModels/GetMainBalance',
      headers: bearer(second.Token),
    });
    expect(current.statusCode).toBe(200);
  });

  it('revokes the session on logout', async () => {
    const session = await login(app, 'carol');
    const out = await app.inject({
      url: '/api/Authenticate/logout',
      headers: bearer(session.Token),
    });
    expect(out.json()).toEqual({ Status: true, Result: 'Logged out' });
    const after = await app.inject({
      url: '/api/Authenticate/checkIsValid',
      headers: bearer(session.Token),
    });
    expect(after.statusCode).toBe(401);
  });

  it('refuses a missing or unknown token with 401', async () => {
    expect((await app.inject({ url: '/api/AmountModels/GetMainBalance' })).statusCode).toBe(401);
    const unknown = await app.inject({
      url: '/api/AmountModels/GetMainBalance',
      headers: bearer('not-a-token'),
    });
    expect(unknown.statusCode).toBe(401);
  });

  it('expires a session idle for 8 hours', async () => {
    const session = await login(app, 'carol');
    clock.advance(8 * 3600 * 1000 - 1000);
    const live = await app.inject({
      url: '/api/Authenticate/checkIsValid',
      headers: bearer(session.Token),
    });
    expect(live.statusCode).toBe(200);
    clock.advance(8 * 3600 * 1000);
    const idle = await app.inject({
      url: '/api/Authenticate/checkIsValid',
      headers: bearer(session.Token),
    });
    expect(idle.statusCode).toBe(401);
  });

  it('expires a session 24 hours after login however active it is', async () => {
    const session = await login(app, 'carol');
    for (let hour = 0; hour < 23; hour += 1) {
      clock.advance(3600 * 1000);
      const live = await app.inject({
        url: '/api/Authenticate/checkIsValid',
        headers: bearer(session.Token),
      });
      expect(live.statusCode).toBe(200);
    }
    clock.advance(3600 * 1000);
    const expired = await app.inject({
      url: '/api/Authenticate/checkIsValid',
      headers: bearer(session.Token),
    });
    expect(expired.statusCode).toBe(401);
  });

  it("refuses a uid or userId other than the caller's own with 403", async () => {
    const session = await login(app, 'carol');
    const headers = bearer(session.Token);
    const other = session.uid + 1000;
    expect(
      (await app.inject({ url: `/api/AmountModels/GetBalanceDetail?uid=${other}`, headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ url: `/api/AmountModels/GetBalanceDetail?userId=${other}`, headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (await app.inject({ url: `/api/AmountModels/GetBalanceDetail?uid=${session.uid}`, headers }))
        .statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ url: '/api/AmountModels/GetBalanceDetail?uid=0', headers })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ url: '/api/AmountModels/GetBalanceDetail', headers })).statusCode,
    ).toBe(200);
  });
});

describe('why a session ended', () => {
  let app: FastifyInstance;
  const clock = testClock();
  beforeAll(async () => {
    app = await buildTestApp(database.db, { clock });
    await createTestClient(database.db, 'dana');
  });
  afterAll(() => app.close());

  const sessionEnd = async (token?: string) => {
    const response = await app.inject({
      url: getSessionEnd.path,
      ...(token === undefined ? {} : { headers: bearer(token) }),
    });
    expect(response.statusCode).toBe(200);
    return getSessionEnd.response.parse(response.json());
  };

  it('names a new login elsewhere as the end of a session the check refuses with 401', async () => {
    const first = await login(app, 'dana');
    await login(app, 'dana');
    const check = await app.inject({ url: checkIsValid.path, headers: bearer(first.Token) });
    expect(check.statusCode).toBe(401);
    expect(await sessionEnd(first.Token)).toEqual({ Status: true, Result: 'new_login' });
  });

  it('names a password change in another session, and keeps the changing session live', async () => {
    const ended = await login(app, 'dana');
    // A second session beside the first: a new login would end `ended` as new_login instead.
    const changer = await login(app, 'dana');
    await database.db
      .updateTable('sessions')
      .set({ revoked_at: null, revoked_reason: null })
      .where('validity_value', '=', ended.IsValidToken)
      .execute();
    const change = await app.inject({
      method: 'POST',
      url: changePassword.path,
      headers: bearer(changer.Token),
      payload: { oldPassword: TEST_PASSWORD, newPassword: 'a-new-secret' },
    });
    expect(change.json()).toEqual({ Status: true, Result: 'Password changed successfully' });
    expect(
      (await app.inject({ url: checkIsValid.path, headers: bearer(ended.Token) })).statusCode,
    ).toBe(401);
    expect(await sessionEnd(ended.Token)).toEqual({ Status: true, Result: 'password_changed' });
    expect(await sessionEnd(changer.Token)).toEqual({
      Status: false,
      Result: 'No ended session for this token',
    });
    await app.inject({
      method: 'POST',
      url: changePassword.path,
      headers: bearer(changer.Token),
      payload: { oldPassword: 'a-new-secret', newPassword: TEST_PASSWORD },
    });
  });

  it('names an expiry, whether the check or this question finds it first', async () => {
    const checked = await login(app, 'dana');
    clock.advance(8 * 3600 * 1000);
    expect(
      (await app.inject({ url: checkIsValid.path, headers: bearer(checked.Token) })).statusCode,
    ).toBe(401);
    expect(await sessionEnd(checked.Token)).toEqual({ Status: true, Result: 'expired' });

    const asked = await login(app, 'dana');
    clock.advance(8 * 3600 * 1000);
    expect(await sessionEnd(asked.Token)).toEqual({ Status: true, Result: 'expired' });
    expect(
      (await app.inject({ url: checkIsValid.path, headers: bearer(asked.Token) })).statusCode,
    ).toBe(401);
  });

  it('names a logout, and refuses a live session, an unknown token and none', async () => {
    const session = await login(app, 'dana');
    const refused = { Status: false, Result: 'No ended session for this token' };
    expect(await sessionEnd(session.Token)).toEqual(refused);
    expect(await sessionEnd('not-a-token')).toEqual(refused);
    expect(await sessionEnd()).toEqual(refused);
    await app.inject({ url: logout.path, headers: bearer(session.Token) });
    expect(await sessionEnd(session.Token)).toEqual({ Status: true, Result: 'logged_out' });
  });
});

describe('password hashing', () => {
  it('uses argon2id at 19 MiB, 2 passes and 1 lane in production', async () => {
    expect(PRODUCTION_ARGON2).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const hasher = createPasswordHasher();
    const hash = await hasher.hash('s3cret-pass');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, 's3cret-pass')).toBe(true);
    expect(await hasher.verify(hash, 'other')).toBe(false);
  });
});
