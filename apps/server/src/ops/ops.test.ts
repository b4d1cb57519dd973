import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  bearer,
  buildTestApp,
  createTestClient,
  login,
  OPS_TOKEN,
  testClock,
} from '../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { scriptedFeed } from '../../test/feed.js';
import { stakeLimitsProblem } from './feed-ops.routes.js';
import { runCli } from './cli.js';
import { OPS_TOKEN_FILE, resolveOpsToken } from './ops-token.js';

let database: TestDatabase;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const ops = (url: string, payload: object, token = OPS_TOKEN) =>
  app.inject({ method: 'POST', url, payload, headers: bearer(token) });

describe('operator API', () => {
  it('refuses a missing token and a client token', async () => {
    await createTestClient(database.db, 'ivan');
    const session = await login(app, 'ivan');
    const none = await app.inject({
      method: 'POST',
      url: '/api/ops/news',
      payload: { message: 'hi' },
    });
    expect(none.statusCode).toBe(401);
    const client = await ops('/api/ops/news', { message: 'hi' }, session.Token);
    expect(client.statusCode).toBe(401);
    expect(client.json()).toEqual({ Status: false, Result: 'Operator token required' });
  });

  it('creates a client with opening credit who can then log in', async () => {
    const created = await ops('/api/ops/create-client', {
      username: 'judy',
      password: 'judy-pass-1',
      creditLimit: 5000,
    });
    expect(created.json().Status).toBe(true);
    expect(created.json().Result).toMatch(/^Created client judy \(uid \d+\) with credit 5000\.00$/);
    const session = await login(app, 'judy', 'judy-pass-1');
    const detail = await app.inject({
      url: '/api/AmountModels/GetBalanceDetail',
      headers: bearer(session.Token),
    });
    expect(detail.json().Result.CreditLimit).toBe(5000);
    const again = await ops('/api/ops/create-client', {
      username: 'JUDY',
      password: 'judy-pass-1',
    });
    expect(again.json()).toEqual({ Status: false, Result: "Username 'JUDY' is taken" });
  });

  it('validates its input', async () => {
    const bad = await ops('/api/ops/create-client', { username: 'x', password: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Result).toContain('username');
    const zero = await ops('/api/ops/credit', { username: 'judy', amount: 0 });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().Result).toContain('amount must not be zero');
    const fraction = await ops('/api/ops/credit', { username: 'judy', amount: 1.005 });
    expect(fraction.statusCode).toBe(400);
    const unknown = await ops('/api/ops/credit', { username: 'nobody-at-all', amount: 5 });
    expect(unknown.json()).toEqual({ Status: false, Result: "No client named 'nobody-at-all'" });
  });

  it('publishes news that leads the ticker', async () => {
    await ops('/api/ops/news', { message: 'Fresh from the operator' });
    const publicNews = await app.inject({ url: '/api/NewsModels/GetPublicNews' });
    expect(publicNews.json().Result[0]).toEqual({ Message: 'Fresh from the operator' });
  });
});

describe('npm run ops', () => {
  function capture() {
    const out: string[] = [];
    const err: string[] = [];
    vi.spyOn(console, 'log').mockImplementation(
      (...args: unknown[]) => void out.push(args.join(' ')),
    );
    vi.spyOn(console, 'error').mockImplementation(
      (...args: unknown[]) => void err.push(args.join(' ')),
    );
    return { out, err };
  }
  const env = () => ({ OPS_URL: base, OPS_TOKEN });

  it('lists its commands with --help', async () => {
    const { out } = capture();
    expect(await runCli(['--help'], env())).toBe(0);
    expect(out.join('\n')).toMatch(/create-client[\s\S]*credit[\s\S]*news/);
    vi.restoreAllMocks();
  });

  it('says what it did', async () => {
    const { out } = capture();
    expect(
      await runCli(
        ['create-client', '--username', 'kate', '--password', 'kate-pass-1', '--credit', '250'],
        env(),
      ),
    ).toBe(0);
    expect(await runCli(['credit', '--username', 'kate', '--amount', '-50.5'], env())).toBe(0);
    expect(out[1]).toBe('Took 50.50 from kate: credit 199.50, main balance 199.50');
    vi.restoreAllMocks();
  });

  it('sends an Idempotency-Key with a money command: --key repeats it and it is done once', async () => {
    const { out } = capture();
    const run = () =>
      runCli(
        ['credit', '--username', 'kate', '--amount', '10', '--key', 'cli-repeat-key-1'],
        env(),
      );
    expect(await run()).toBe(0);
    expect(await run()).toBe(0);
    // The second run answered the first one's answer: 10 given once.
    expect(out.at(-1)).toBe(out.at(-2));
    expect(out.at(-1)).toMatch(/^Gave 10\.00 to kate: credit 209\.50/);
    vi.restoreAllMocks();
  });

  it('creates an operator and shows their TOTP secret once', async () => {
    const { out } = capture();
    expect(
      await runCli(
        ['create-operator', '--username', 'cli-admin', '--password', 'twelve chars ok'],
        env(),
      ),
    ).toBe(0);
    const text = out.join('\n');
    expect(text).toContain('Operator cli-admin (admin) created.');
    expect(text).toMatch(/^ {2}[A-Z2-7]{32}$/m);
    expect(text).toMatch(/otpauth:\/\/totp\/Backlay:cli-admin\?/);
    vi.restoreAllMocks();
  });

  it('validates input before it sends anything', async () => {
    const { err } = capture();
    expect(await runCli(['credit', '--username', 'kate', '--amount', 'lots'], env())).toBe(1);
    expect(err.join('\n')).toContain('amount');
    expect(await runCli(['credit', '--bogus', 'x'], env())).toBe(1);
    expect(err.join('\n')).toContain("Unknown option '--bogus'");
    expect(await runCli(['launch-rockets'], env())).toBe(1);
    expect(err.join('\n')).toContain("Unknown command 'launch-rockets'");
    vi.restoreAllMocks();
  });

  it('reports a refusal with a non-zero exit', async () => {
    const { err } = capture();
    expect(await runCli(['credit', '--username', 'kate', '--amount', '-100000'], env())).toBe(1);
    expect(err.join('\n')).toContain('Cannot take more than the available balance');
    vi.restoreAllMocks();
  });
});

describe('npm run ops for events and the feed', () => {
  const env = () => ({ OPS_URL: base, OPS_TOKEN });

  it('reads the feed status with a GET', async () => {
    const out: string[] = [];
    vi.spyOn(console, 'log').mockImplementation(
      (...args: unknown[]) => void out.push(args.join(' ')),
    );
    expect(await runCli(['feed-status'], env())).toBe(0);
    expect(JSON.parse(out[0] ?? '{}')).toMatchObject({ feed: 'none', isLeader: false, events: [] });
    vi.restoreAllMocks();
  });

  it('says why an event command was refused, and checks JSON bodies before sending', async () => {
    const err: string[] = [];
    vi.spyOn(console, 'error').mockImplementation(
      (...args: unknown[]) => void err.push(args.join(' ')),
    );
    expect(await runCli(['lock-event', '--event-id', '5'], env())).toBe(1);
    expect(err.join('\n')).toContain('No event 5');
    expect(
      await runCli(['fixture-step', '--event-id', '5', '--json', '{"kind":"explode"}'], env()),
    ).toBe(1);
    expect(err.join('\n')).toContain('step.kind');
    expect(await runCli(['fixture-event', '--json', 'not json'], env())).toBe(1);
    vi.restoreAllMocks();
  });
});

describe('npm run ops for results', () => {
  const env = () => ({ OPS_URL: base, OPS_TOKEN });

  it('reads declare-result words as a market and winner, or an event, a session and its runs', async () => {
    const err: string[] = [];
    vi.spyOn(console, 'error').mockImplementation(
      (...args: unknown[]) => void err.push(args.join(' ')),
    );
    expect(await runCli(['declare-result', '1.123', '12301'], env())).toBe(1);
    expect(err.join('\n')).toContain('No market or session 1.123');
    expect(await runCli(['declare-result', '123', '123-4', '52'], env())).toBe(1);
    expect(err.join('\n')).toContain('No market or session 123-4');
    const before = err.length;
    expect(await runCli(['declare-result', 'oops'], env())).toBe(1);
    expect(err.slice(before).join('\n')).toContain('Usage: npm run ops -- declare-result');
    expect(await runCli(['void-market', '1.123'], env())).toBe(1);
    expect(err.join('\n')).toContain('reason');
    expect(await runCli(['rollback', '1.123', '--reason', 'typo'], env())).toBe(1);
    expect(err.at(-1)).toContain('No market or session 1.123');
    vi.restoreAllMocks();
  });

  it('sets a commission', async () => {
    const out: string[] = [];
    vi.spyOn(console, 'log').mockImplementation(
      (...args: unknown[]) => void out.push(args.join(' ')),
    );
    await createTestClient(database.db, 'commish');
    expect(
      await runCli(['set-commission', '--username', 'commish', '--percent', '2.5'], env()),
    ).toBe(0);
    expect(out).toEqual(['Commission of commish set to 2.50%']);
    vi.restoreAllMocks();
  });
});

describe('stake limits an operator sets (these were 500s)', () => {
  it('refuses fixture events whose stake limits a market row cannot hold', async () => {
    const clock = testClock();
    const scripted = await buildTestApp(database.db, {
      clock,
      feed: scriptedFeed(database.db, clock),
    });
    const event = (limits: object) =>
      scripted.inject({
        method: 'POST',
        url: '/api/ops/fixture-event',
        headers: bearer(OPS_TOKEN),
        payload: { sportId: 4, seriesName: 'Cup', name: 'A v B', runners: ['A', 'B'], ...limits },
      });
    for (const [limits, message] of [
      [{ maxStake: 3_262_918_923_649_025 }, 'maxStake must be from 500 to 2147483647'],
      [{ maxStake: 467 }, 'maxStake must be from 500 to 2147483647'],
      [{ sessionMaxStake: 63 }, 'sessionMaxStake must be from 100 to 2147483647'],
    ] as const) {
      const refused = await event(limits);
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toEqual({ Status: false, Result: message });
    }
    expect((await event({ maxStake: 2_147_483_647 })).json().Status).toBe(true);
    await scripted.close();
  });

  it('refuses a custom fancy row whose max a row cannot hold', async () => {
    const refused = await ops('/api/ops/set-custom-fancy', {
      eventId: 1,
      selectionId: '1-1',
      runnerName: 'Runs',
      isCustome: true,
      isActive: true,
      backPrice: 1,
      backSize: 1,
      layPrice: 1,
      laySize: 1,
      min: 741,
      max: 7_698_356_472_119_295,
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({ Status: false, Result: 'max must be at most 2147483647' });
  });

  it('names each stake limit out of range', () => {
    expect(stakeLimitsProblem(500, 100)).toBeNull();
    expect(stakeLimitsProblem(2_147_483_648, 100)).toMatch(/^maxStake/);
    expect(stakeLimitsProblem(500, 2_147_483_648)).toMatch(/^sessionMaxStake/);
  });
});

describe('operator token', () => {
  it('is written once into the data directory, readable by its owner only, and reused', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'backlay-ops-'));
    const first = await resolveOpsToken(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect((await stat(join(dir, OPS_TOKEN_FILE))).mode & 0o777).toBe(0o600);
    expect(await resolveOpsToken(undefined, dir)).toBe(first);
    expect((await readFile(join(dir, OPS_TOKEN_FILE), 'utf8')).trim()).toBe(first);
    expect(await resolveOpsToken('x'.repeat(40), dir)).toBe('x'.repeat(40));
  });
});
