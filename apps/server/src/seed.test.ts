import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cheapPasswords, testClock } from '../test/app.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { REPO_ROOT } from './config.js';
import { createClientsService } from './modules/clients/clients.service.js';
import { createNewsService } from './modules/news/news.service.js';
import { ledgerRows } from './modules/wallet/wallet.audit.js';
import { createWalletService } from './modules/wallet/wallet.service.js';
import { systemRandom } from './seams.js';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from './seed.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('demo data', () => {
  it('creates demo1 … demo5 with 100000 of credit as ledger rows, once', async () => {
    const db = database.db;
    const clock = testClock();
    const deps = {
      db,
      clients: createClientsService({ db, clock, passwords: cheapPasswords }),
      wallet: createWalletService({ db, clock, random: systemRandom }),
      news: createNewsService({ db, clock }),
    };
    expect(await seedDemo(deps)).toEqual([...DEMO_USERS]);
    expect(await seedDemo(deps)).toEqual([]);
    const credits = (await ledgerRows(db))
      .filter((row) => row.clientId !== null)
      .map((row) => ({ username: row.username, amountPaise: row.amountPaise }))
      .sort((a, b) => (a.username ?? '').localeCompare(b.username ?? ''));
    expect(credits).toEqual(DEMO_USERS.map((username) => ({ username, amountPaise: 10000000n })));
    expect((await db.selectFrom('news').select('id').execute()).length).toBeGreaterThan(0);
  });

  it('has its password in the README on a line of its own', async () => {
    const readme = await readFile(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n')).toContain(`Demo password: ${DEMO_PASSWORD}`);
  });
});
