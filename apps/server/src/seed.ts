import { toPaise } from '@backlay/domain';
import type { Db } from './db/pool.js';
import type { ClientsService } from './modules/clients/clients.service.js';
import type { NewsService } from './modules/news/news.service.js';
import type { WalletService } from './modules/wallet/wallet.service.js';

/** The README states it on a line of its own: `Demo password: …`. */
export const DEMO_PASSWORD = 'Backlay@2026';
export const DEMO_USERS = ['demo1', 'demo2', 'demo3', 'demo4', 'demo5'] as const;
/** Rupees of credit each demo client starts with. */
export const DEMO_CREDIT_RUPEES = 100_000;

const DEMO_NEWS = [
  'Welcome to Backlay! Bet responsibly: set yourself a limit before you play.',
  'Minimum bet is 500 for match markets and 100 for sessions.',
  'Live cricket, soccer and tennis markets are open now.',
];

/**
 * Demo data, on the embedded database or with SEED_DEMO=1 only. Idempotent: a client that exists
 * is left as it is, so a restart never credits twice.
 */
export async function seedDemo(deps: {
  db: Db;
  clients: ClientsService;
  wallet: WalletService;
  news: NewsService;
}): Promise<string[]> {
  const created: string[] = [];
  for (const username of DEMO_USERS) {
    const outcome = await deps.clients.create({ username, password: DEMO_PASSWORD });
    if (outcome.kind !== 'created') continue;
    await deps.wallet.transferCredit({
      clientId: outcome.clientId,
      amount: toPaise(DEMO_CREDIT_RUPEES * 100)!,
      remark: 'Demo credit',
    });
    created.push(username);
  }
  const existingNews = await deps.db.selectFrom('news').select('id').limit(1).execute();
  if (existingNews.length === 0) {
    for (const message of DEMO_NEWS) await deps.news.publish(message);
  }
  return created;
}
