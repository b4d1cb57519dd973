import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startCasinoProvider, type RunningCasinoProvider } from './provider.js';
import type { Random } from './seams.js';

// The provider on its own, against a stand-in for our wallet API that speaks the contract's
// shapes. The round trip through the real wallet API and ledger is the API server's test
// (apps/server/src/modules/casino/casino-demo.test.ts).

const SECRET = 'demo-casino-secret';

/** Dice bytes a test queues come first; everything else (ids) is truly random. */
const diceBytes: number[] = [];
const random: Random = {
  bytes: (size) => {
    const next = size === 1 ? diceBytes.shift() : undefined;
    return next === undefined ? randomBytes(size) : Buffer.from([next]);
  },
};
/** Queues a throw: byte b gives the face b % 6 + 1. */
const nextThrow = (a: number, b: number) => diceBytes.push(a - 1, b - 1);

let nowMs = Date.parse('2026-11-27T12:00:00Z');
const clock = { now: () => new Date(nowMs) };

/** The stand-in wallet: one player, launch tokens that work once, every call recorded. */
const wallet = {
  balance: 10_000,
  tokens: new Map<string, string>(),
  calls: [] as { path: string; authorization: string | undefined; body: Record<string, unknown> }[],
  /** Answers this status (no body) to the next calls, then works again. */
  failures: [] as number[],
};

let walletServer: Server;
let apiBase: string | undefined;
let casino: RunningCasinoProvider;
let base: string;

function answer(path: string, body: Record<string, unknown>): unknown {
  const ok = (Result: unknown) => ({ Status: true, Result });
  switch (path) {
    case '/api/CasinoProvider/Session': {
      const gameId = wallet.tokens.get(String(body.token));
      if (gameId === undefined) return { Status: false, Result: 'This link was already used' };
      wallet.tokens.delete(String(body.token));
      return ok({
        playerId: 'p1',
        name: 'dicer',
        gameId,
        balance: wallet.balance,
        winLimit: 1_000,
        session: 'session-1',
      });
    }
    case '/api/CasinoProvider/Debit': {
      const amount = Number(body.amount);
      if (amount > wallet.balance) return { Status: false, Result: 'Insufficient balance' };
      wallet.balance -= amount;
      return ok({ balance: wallet.balance, roundId: body.roundId });
    }
    case '/api/CasinoProvider/Credit': {
      const paid = Number(body.amount);
      wallet.balance += paid;
      return ok({ balance: wallet.balance, roundId: body.roundId, paid });
    }
    case '/api/CasinoProvider/Balance':
      return ok({ balance: wallet.balance });
    default:
      return undefined;
  }
}

beforeAll(async () => {
  walletServer = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const path = request.url ?? '';
      const body = JSON.parse(text || '{}') as Record<string, unknown>;
      wallet.calls.push({ path, authorization: request.headers.authorization, body });
      const failure = wallet.failures.shift();
      if (failure !== undefined) return response.writeHead(failure).end();
      const result = answer(path, body);
      if (result === undefined) return response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
    });
  });
  await new Promise<void>((resolve) => walletServer.listen(0, '127.0.0.1', resolve));
  casino = await startCasinoProvider({
    port: 0,
    host: '127.0.0.1',
    company: 'backlay',
    secret: SECRET,
    apiBase: () => apiBase,
    frameAncestors: () => ['http://*:8080'],
    clock,
    random,
  });
  base = `http://127.0.0.1:${casino.port}`;
  apiBase = `http://127.0.0.1:${(walletServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await casino.close();
  await new Promise((resolve) => walletServer.close(resolve));
});

beforeEach(() => {
  wallet.calls.length = 0;
  wallet.failures.length = 0;
  diceBytes.length = 0;
});

/** Opens a table of `gameId` as a launch URL would, answering its page and its table id. */
async function open(gameId: string): Promise<{ page: Response; html: string; tableId: string }> {
  const token = randomBytes(12).toString('base64url');
  wallet.tokens.set(token, gameId);
  const page = await fetch(`${base}/${gameId}?company=backlay&token=${token}`);
  const html = await page.text();
  const tableId = /data-table-id="([A-Za-z0-9_-]+)"/.exec(html)?.[1] ?? '';
  return { page, html, tableId };
}

async function play(tableId: string | undefined, body: object, headers = {}) {
  const response = await fetch(`${base}/api/play`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(tableId === undefined ? {} : { 'x-table-id': tableId }),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, answer: (await response.json()) as Record<string, unknown> };
}

describe('the demo casino provider on its own', () => {
  it('renders a table for a launch token it exchanged with the wallet, once', async () => {
    const { page, html, tableId } = await open('sevenupsevendown');
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain('frame-ancestors http://*:8080');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(html).toContain('<h1 class="game">7 Up Down</h1>');
    expect(html).toContain('₹\u00a010,000.00');
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(tableId).not.toBe('');
    expect(wallet.calls).toEqual([
      {
        path: '/api/CasinoProvider/Session',
        authorization: `Bearer ${SECRET}`,
        body: { token: expect.any(String) as unknown },
      },
    ]);

    const token = String(wallet.calls[0]?.body.token);
    const again = await fetch(`${base}/sevenupsevendown?company=backlay&token=${token}`);
    expect(again.status).toBe(403);
    expect(await again.text()).toContain('already used');
  });

  it('plays a round as a Debit and a Credit of one round id, from the injected dice', async () => {
    const { tableId } = await open('sevenupsevendown');
    wallet.calls.length = 0;
    nextThrow(3, 4);
    const won = await play(tableId, { bet: 'seven', stake: 500 });
    expect(won).toEqual({
      status: 200,
      answer: expect.objectContaining({
        ok: true,
        dice: [3, 4],
        outcome: 'seven',
        payout: 2_500,
        paid: 2_500,
        balance: 12_000,
      }) as unknown,
    });
    const [debit, credit] = wallet.calls;
    expect(debit?.body).toMatchObject({ session: 'session-1', amount: 500 });
    expect(credit?.body).toMatchObject({
      session: 'session-1',
      roundId: debit?.body.roundId,
      amount: 2_500,
      detail: 'dice 3 + 4 = 7; bet seven 500',
    });
    expect(diceBytes).toEqual([]);
  });

  it('retries a wallet call that failed on the way, and says so when the wallet stays down', async () => {
    const { tableId } = await open('sevenupsevendown');
    wallet.calls.length = 0;
    wallet.failures.push(503);
    nextThrow(1, 1);
    expect((await play(tableId, { bet: 'down', stake: 100 })).answer).toMatchObject({
      ok: true,
      paid: 200,
    });
    // The Debit twice (the same round id), then the Credit.
    expect(wallet.calls.map((call) => call.path.split('/').pop())).toEqual([
      'Debit',
      'Debit',
      'Credit',
    ]);
    expect(wallet.calls[0]?.body.roundId).toBe(wallet.calls[1]?.body.roundId);

    wallet.failures.push(503, 503, 503);
    expect(await play(tableId, { bet: 'down', stake: 100 })).toEqual({
      status: 502,
      answer: { ok: false, message: 'The casino wallet cannot be reached right now' },
    });
  });

  it('refuses calls without its table, from another origin, off the chips, or at a demo table', async () => {
    const { tableId } = await open('sevenupsevendown');
    expect((await play(undefined, { bet: 'up', stake: 100 })).status).toBe(401);
    expect((await play('made-up-table', { bet: 'up', stake: 100 })).status).toBe(401);
    const evil = { origin: 'https://evil.example' };
    expect((await play(tableId, { bet: 'up', stake: 100 }, evil)).status).toBe(403);
    expect((await play(tableId, { bet: 'up', stake: 150 })).status).toBe(400);
    expect((await play(tableId, { bet: 'middle', stake: 100 })).status).toBe(400);

    const roulette = await open('roulette');
    expect(roulette.html).toContain('Demo table — betting opens soon');
    expect((await play(roulette.tableId, { bet: 'up', stake: 100 })).status).toBe(409);

    expect((await fetch(`${base}/roulette?company=other&token=x`)).status).toBe(403);
    expect((await fetch(`${base}/roulette?company=backlay`)).status).toBe(400);
    expect((await fetch(`${base}/blackjack?company=backlay&token=x`)).status).toBe(404);
    const lottery = randomBytes(12).toString('base64url');
    wallet.tokens.set(lottery, 'lottery');
    expect((await fetch(`${base}/andarbahar?company=backlay&token=${lottery}`)).status).toBe(403);
  });

  it('closes a table after 30 minutes without a call', async () => {
    const { tableId } = await open('sevenupsevendown');
    nowMs += 29 * 60_000;
    const balance = await fetch(`${base}/api/balance`, {
      method: 'POST',
      headers: { 'x-table-id': tableId },
    });
    expect(await balance.json()).toEqual({ ok: true, balance: wallet.balance });
    nowMs += 30 * 60_000;
    expect((await play(tableId, { bet: 'up', stake: 100 })).status).toBe(401);
  });

  it('serves its own script and style', async () => {
    const script = await fetch(`${base}/assets/table.js`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toContain("'x-table-id': tableId");
    const style = await fetch(`${base}/assets/table.css`);
    expect(style.status).toBe(200);
    expect(style.headers.get('content-type')).toContain('text/css');
  });
});
