import { startCasinoProvider, type RunningCasinoProvider } from '@backlay/casino-demo';
import { casinoLaunch } from '@backlay/contract/casino';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  CASINO_SECRET,
  createTestClient,
  login,
  OPS_TOKEN,
  testClock,
} from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { systemRandom, type Random } from '../../seams.js';
import { auditMoney, ledgerRows } from '../wallet/wallet.audit.js';

// The built-in demo casino (apps/casino-demo) against the real wallet API and ledger: the round
// trip a player's table makes, Debit and Credit booked for real money.

/** Dice bytes a test queues come first; everything else (ids, tokens) is truly random. */
const diceBytes: number[] = [];
const scriptedRandom: Random = {
  bytes: (size) => {
    const next = size === 1 ? diceBytes.shift() : undefined;
    return next === undefined ? systemRandom.bytes(size) : Buffer.from([next]);
  },
  uuid: () => systemRandom.uuid(),
};
/** Queues a throw: byte b gives the face b % 6 + 1. */
const nextThrow = (a: number, b: number) => diceBytes.push(a - 1, b - 1);

let database: TestDatabase;
let app: FastifyInstance;
let casino: RunningCasinoProvider;
let apiBase: string | undefined;
let token: string;
const clock = testClock();

beforeAll(async () => {
  database = await createTestDatabase();
  // As main.ts: the provider first (its port goes into Launch URLs), our API's URL once it listens.
  casino = await startCasinoProvider({
    port: 0,
    host: '127.0.0.1',
    company: 'backlay',
    secret: CASINO_SECRET,
    apiBase: () => apiBase,
    frameAncestors: () => ['http://*:8080', 'https://*:8080'],
    clock,
    random: scriptedRandom,
  });
  app = await buildTestApp(database.db, { clock, casinoPort: casino.port });
  apiBase = await app.listen({ port: 0, host: '127.0.0.1' });
  await createTestClient(database.db, 'dicer', 10_000, clock);
  token = (await login(app, 'dicer')).Token;
});

afterAll(async () => {
  await casino.close();
  await app.close();
  await database.drop();
});

async function launchUrl(gameId: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: casinoLaunch.path,
    // The visitor reached us on 127.0.0.1: the frame is on that host, the provider's port.
    headers: { ...bearer(token), host: '127.0.0.1:8080' },
    payload: { gameId },
  });
  const body = casinoLaunch.response.parse(response.json());
  if (!body.Status) throw new Error(body.Result);
  return body.Result.Url;
}

function tableIdOf(html: string): string {
  const match = /data-table-id="([A-Za-z0-9_-]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no table id in the page');
  return match[1];
}

interface PlayAnswer {
  ok: boolean;
  message?: string;
  dice?: [number, number];
  outcome?: string;
  payout?: number;
  paid?: number;
  isCapped?: boolean;
  balance?: number;
}

async function play(
  url: string,
  tableId: string | undefined,
  body: object,
  headers: Record<string, string> = {},
) {
  const response = await fetch(new URL('/api/play', url), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(tableId === undefined ? {} : { 'x-table-id': tableId }),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, answer: (await response.json()) as PlayAnswer };
}

async function walletOf(): Promise<{ MainBalance: number; Exposure: number; PL: number }> {
  const response = await app.inject({
    url: '/api/AmountModels/GetBalanceDetail',
    headers: bearer(token),
  });
  return response.json<{ Result: { MainBalance: number; Exposure: number; PL: number } }>().Result;
}

async function casinoLedgerPaise(): Promise<bigint> {
  const rows = await ledgerRows(database.db);
  return rows
    .filter((row) => row.username === 'dicer' && row.marketType === 'CASINO')
    .reduce((sum, row) => sum + row.amountPaise, 0n);
}

describe('the demo casino provider', () => {
  it('plays 7 Up Down rounds over HTTP for real ledger money', async () => {
    const url = await launchUrl('sevenupsevendown');
    expect(new URL(url).origin).toBe(`http://127.0.0.1:${casino.port}`);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('frame-ancestors http://*:8080 https://*:8080');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('<h1 class="game">7 Up Down</h1>');
    expect(html).toContain('dicer');
    expect(html).toContain('₹\u00a010,000.00');
    expect(html).toContain('<script src="/assets/table.js" defer></script>');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(html).not.toContain(token);
    const tableId = tableIdOf(html);

    // The launch token worked once.
    const again = await fetch(url);
    expect(again.status).toBe(403);
    expect(await again.text()).toContain('already used');

    const before = await walletOf();
    const ledgerBefore = await casinoLedgerPaise();

    nextThrow(3, 4);
    const won = await play(url, tableId, { bet: 'seven', stake: 500 });
    expect(won).toEqual({
      status: 200,
      answer: expect.objectContaining({
        ok: true,
        dice: [3, 4],
        outcome: 'seven',
        payout: 2_500,
        paid: 2_500,
        isCapped: false,
        balance: before.MainBalance + 2_000,
      }) as unknown,
    });

    nextThrow(1, 1);
    const lost = await play(url, tableId, { bet: 'up', stake: 1_000 });
    expect(lost.answer).toMatchObject({ ok: true, dice: [1, 1], outcome: 'down', paid: 0 });

    // Balance change = what the ledger booked = Σ paid − stakes.
    const after = await walletOf();
    expect(after.Exposure).toBe(0);
    expect(after.MainBalance - before.MainBalance).toBe(2_500 - 500 + 0 - 1_000);
    expect(await casinoLedgerPaise()).toBe(ledgerBefore + 100_000n);
    expect(lost.answer.balance).toBe(after.MainBalance);

    expect((await auditMoney(database.db)).ledgerTotal).toBe(0n);
  });

  it('says when the winning limit held a win back', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/ops/set-winning-limit',
      headers: bearer(OPS_TOKEN),
      payload: { username: 'dicer', rupees: 1_000 },
    });
    const url = await launchUrl('sevenupsevendown');
    const tableId = tableIdOf(await (await fetch(url)).text());
    nextThrow(2, 5);
    const capped = await play(url, tableId, { bet: 'seven', stake: 5_000 });
    expect(capped.answer).toMatchObject({ ok: true, payout: 25_000, paid: 6_000, isCapped: true });
  });

  it('refuses calls without the table, from another origin, or off the chips', async () => {
    const url = await launchUrl('sevenupsevendown');
    const tableId = tableIdOf(await (await fetch(url)).text());
    expect((await play(url, undefined, { bet: 'up', stake: 100 })).status).toBe(401);
    expect((await play(url, 'made-up-table', { bet: 'up', stake: 100 })).status).toBe(401);
    expect(
      (await play(url, tableId, { bet: 'up', stake: 100 }, { origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
    expect((await play(url, tableId, { bet: 'up', stake: 150 })).status).toBe(400);
    expect((await play(url, tableId, { bet: 'middle', stake: 100 })).status).toBe(400);
    // 10,000 + 2,000 − 1,000 + 1,000 (capped) = 12,000: two 5,000 stakes lost, the third cannot fit.
    nextThrow(1, 1);
    nextThrow(1, 1);
    const answers: PlayAnswer[] = [];
    for (let i = 0; i < 3; i += 1)
      answers.push((await play(url, tableId, { bet: 'up', stake: 5_000 })).answer);
    expect(answers.map((answer) => answer.ok)).toEqual([true, true, false]);
    expect(answers[2]).toEqual({ ok: false, message: 'Insufficient balance' });
    expect(await walletOf()).toMatchObject({ MainBalance: 2_000, Exposure: 0 });
    expect(diceBytes).toEqual([]);
  });

  it('shows the other games as demo tables, and refuses a used, unknown or foreign link', async () => {
    const url = await launchUrl('roulette');
    const page = await fetch(url);
    const html = await page.text();
    expect(html).toContain('<h1 class="game">Roulette</h1>');
    expect(html).toContain('Demo table — betting opens soon');
    const tableId = tableIdOf(html);
    expect((await play(url, tableId, { bet: 'up', stake: 100 })).status).toBe(409);

    const base = `http://127.0.0.1:${casino.port}`;
    expect((await fetch(`${base}/roulette?company=backlay&token=nope`)).status).toBe(403);
    expect((await fetch(`${base}/roulette?company=other&token=nope`)).status).toBe(403);
    expect((await fetch(`${base}/blackjack?company=backlay&token=nope`)).status).toBe(404);
    const lottery = await launchUrl('lottery');
    const wrongGame = lottery.replace('/lottery?', '/andarbahar?');
    expect((await fetch(wrongGame)).status).toBe(403);

    const script = await fetch(`${base}/assets/table.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    const style = await fetch(`${base}/assets/table.css`);
    expect(style.headers.get('content-type')).toContain('text/css');
  });
});
