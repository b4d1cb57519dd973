import { changePassword, getChips, updateChips } from '@backlay/contract/chips';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestClient, login, TEST_PASSWORD } from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { DEFAULT_CHIPS } from './chips.service.js';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const post = (token: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url, payload, headers: bearer(token) });

describe('chip settings', () => {
  it('start at the defaults and change to what the client saves', async () => {
    await createTestClient(database.db, 'chipper');
    const { Token } = await login(app, 'chipper');
    const first = getChips.response.parse(
      (await app.inject({ url: getChips.path, headers: bearer(Token) })).json(),
    );
    expect(first).toEqual({ Status: true, Result: DEFAULT_CHIPS });
    expect(DEFAULT_CHIPS).toEqual({
      ChipName: '500,1K,5K,10K,25K,50K',
      ChipValue: '500,1000,5000,10000,25000,50000',
    });
    const saved = updateChips.response.parse(
      (
        await post(Token, updateChips.path, { ChipName: '1K, 2K,5K', ChipValue: '1000,2000, 5000' })
      ).json(),
    );
    expect(saved).toEqual({ Status: true, Result: 'Chip updated successfully !!' });
    const after = getChips.response.parse(
      (await app.inject({ url: getChips.path, headers: bearer(Token) })).json(),
    );
    expect(after).toEqual({
      Status: true,
      Result: { ChipName: '1K,2K,5K', ChipValue: '1000,2000,5000' },
    });
  });

  it('refuse unpaired names and values, and values that are not whole rupees', async () => {
    await createTestClient(database.db, 'chipless');
    const { Token } = await login(app, 'chipless');
    const unpaired = (
      await post(Token, updateChips.path, { ChipName: 'a,b', ChipValue: '100' })
    ).json();
    expect(unpaired).toEqual({ Status: false, Result: 'Every chip needs one name and one value' });
    const fraction = (
      await post(Token, updateChips.path, { ChipName: 'a', ChipValue: '10.5' })
    ).json();
    expect(fraction).toEqual({
      Status: false,
      Result: 'A chip value must be a whole number of rupees greater than 0',
    });
  });
});

describe('change password', () => {
  it('refuses a wrong old password and a short new one, then changes it and ends the other sessions', async () => {
    await createTestClient(database.db, 'changer');
    const other = await login(app, 'changer');
    const current = await login(app, 'changer'); // the newer login revoked `other` already
    expect(
      (await app.inject({ url: '/api/Authenticate/checkIsValid', headers: bearer(other.Token) }))
        .statusCode,
    ).toBe(401);

    const wrong = changePassword.response.parse(
      (
        await post(current.Token, changePassword.path, {
          oldPassword: 'nope',
          newPassword: 'a-new-secret',
        })
      ).json(),
    );
    expect(wrong).toEqual({ Status: false, Result: 'Old password is incorrect' });
    const short = (
      await post(current.Token, changePassword.path, {
        oldPassword: TEST_PASSWORD,
        newPassword: 'short',
      })
    ).json();
    expect(short).toEqual({ Status: false, Result: 'New password must be at least 8 characters' });
    const done = (
      await post(current.Token, changePassword.path, {
        oldPassword: TEST_PASSWORD,
        newPassword: 'a-new-secret',
      })
    ).json();
    expect(done).toEqual({ Status: true, Result: 'Password changed successfully' });
    expect(
      (await app.inject({ url: '/api/Authenticate/checkIsValid', headers: bearer(current.Token) }))
        .statusCode,
    ).toBe(200);
    await expect(login(app, 'changer')).rejects.toThrow('Invalid username or password');
    expect((await login(app, 'changer', 'a-new-secret')).UserName).toBe('changer');
  });

  it('is never offered as a GET with passwords in the URL', async () => {
    await createTestClient(database.db, 'getter');
    const { Token } = await login(app, 'getter');
    const response = await app.inject({
      url: `/api/SignUPModels/changePwd?oldPwd=${TEST_PASSWORD}&newPwd=another-one`,
      headers: bearer(Token),
    });
    expect(response.statusCode).toBe(404);
  });
});
