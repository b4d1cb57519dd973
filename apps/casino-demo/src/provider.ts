import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { casinoGameId, type CasinoGameId } from '@backlay/contract/casino';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { gameName, messagePage, tablePage } from './page.js';
import type { Clock, Random } from './seams.js';
import {
  rollDice,
  SEVEN_UP_DOWN_BETS,
  SEVEN_UP_DOWN_CHIPS,
  sevenUpDownOutcome,
  sevenUpDownPayout,
} from './seven-up-down.js';
import { createWalletClient, WalletCallError, type WalletClient } from './wallet-client.js';

/**
 * The page's script and style, served from this origin (the page's CSP admits no inline script).
 * They sit in `assets/` beside `src/` and `dist/`, read from there by the source and the build.
 */
const ASSETS = new URL('../assets/', import.meta.url);

/** A table page's state, kept here and never in the browser (see README.md). */
interface Table {
  readonly session: string;
  readonly gameId: CasinoGameId;
  readonly winLimit: number;
  lastSeenMs: number;
  isBusy: boolean;
}

/** A table closes after this long without a round, like the wallet's provider session. */
const TABLE_IDLE_MS = 30 * 60_000;
/** At most this many open tables; the least recently used one closes first. */
const MAX_TABLES = 10_000;

export interface CasinoProviderOptions {
  /** CASINO_PORT; 0 picks a free port. */
  readonly port: number;
  readonly host: string;
  /** CASINO_COMPANY: the only `company` the frame URL may name. */
  readonly company: string;
  /** CASINO_SECRET: how the provider authenticates its wallet calls. */
  readonly secret: string;
  /** Our API's base URL (`http://127.0.0.1:{port}`), known once the main server listens. */
  readonly apiBase: () => string | undefined;
  /** Who may frame the tables (CSP frame-ancestors): our own site's origins. */
  readonly frameAncestors: () => readonly string[];
  readonly clock: Clock;
  readonly random: Random;
  readonly log?: (message: string) => void;
}

export interface RunningCasinoProvider {
  readonly port: number;
  close(): Promise<void>;
}

const playBody = z
  .object({
    bet: z.enum(SEVEN_UP_DOWN_BETS),
    stake: z
      .number()
      .refine((stake) => (SEVEN_UP_DOWN_CHIPS as readonly number[]).includes(stake), {
        message: `stake must be one of ${SEVEN_UP_DOWN_CHIPS.join(', ')}`,
      }),
  })
  .strict();

/** A refusal of the page's own API, as its script shows it. */
class TableError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Retries a wallet call that got no answer (the same round id makes a repeat harmless). */
async function retried<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const isTransient =
        error instanceof WalletCallError && (error.status === null || error.status >= 500);
      if (!isTransient || attempt >= 3) throw error;
    }
  }
}

/**
 * The built-in demo casino provider (docs/decisions.md#silent-rules "Casino"): its own HTTP server on its own origin.
 * `GET /{gameid}?company=&token=` exchanges the launch token server-to-server and renders the
 * game's table; the table's script talks only to this origin (`POST /api/play`), and the provider
 * moves money only through our wallet API (Debit, then Credit, one fresh round id per play).
 */
export async function startCasinoProvider(
  options: CasinoProviderOptions,
): Promise<RunningCasinoProvider> {
  const { clock, random } = options;
  const wallet: WalletClient = createWalletClient({
    apiBase: options.apiBase,
    secret: options.secret,
  });
  const script = readFileSync(new URL('table.js', ASSETS));
  const style = readFileSync(new URL('table.css', ASSETS));
  const tables = new Map<string, Table>();

  function sweep(nowMs: number): void {
    for (const [id, table] of tables) {
      if (nowMs - table.lastSeenMs >= TABLE_IDLE_MS) tables.delete(id);
    }
    while (tables.size >= MAX_TABLES) {
      const oldest = tables.keys().next();
      if (oldest.done) break;
      tables.delete(oldest.value);
    }
  }

  function tableOf(request: FastifyRequest): Table {
    const id = request.headers['x-table-id'];
    const table = typeof id === 'string' ? tables.get(id) : undefined;
    const nowMs = clock.now().getTime();
    if (!table || typeof id !== 'string' || nowMs - table.lastSeenMs >= TABLE_IDLE_MS) {
      if (typeof id === 'string') tables.delete(id);
      throw new TableError(401, 'This table has closed: open the game again from the lobby');
    }
    table.lastSeenMs = nowMs;
    // Least recently used last: re-insert.
    tables.delete(id);
    tables.set(id, table);
    return table;
  }

  /** The page's own calls come from the page's own origin (a second check beside the table id). */
  function sameOrigin(request: FastifyRequest): void {
    const origin = request.headers.origin;
    if (origin === undefined) return;
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      host = '';
    }
    if (host !== request.headers.host) throw new TableError(403, 'Cross-origin call refused');
  }

  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 4096 });

  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        // The tables live in our site's frame, and only there.
        `frame-ancestors ${options.frameAncestors().join(' ') || "'none'"}`,
      ].join('; '),
    );
    void reply.header('X-Content-Type-Options', 'nosniff');
    // The frame URL carries the launch token: never pass it on.
    void reply.header('Referrer-Policy', 'no-referrer');
    if (!reply.hasHeader('Cache-Control')) void reply.header('Cache-Control', 'no-store');
    return payload;
  });

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof TableError)
      return reply.code(error.statusCode).send({ ok: false, message: error.message });
    if (error instanceof WalletCallError) {
      options.log?.(`casino provider: wallet call failed: ${error.message}`);
      return reply
        .code(502)
        .send({ ok: false, message: 'The casino wallet cannot be reached right now' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500)
      return reply.code(status).send({ ok: false, message: 'Bad request' });
    // The path only: the query of a table's URL carries the launch token.
    const path = request.url.split('?')[0] ?? '';
    options.log?.(`casino provider: ${request.method} ${path} failed: ${error.message}`);
    return reply.code(500).send({ ok: false, message: 'Something went wrong' });
  });

  const page = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).type('text/html; charset=utf-8').send(html);

  app.get('/assets/table.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(script),
  );
  app.get('/assets/table.css', async (_request, reply) =>
    reply
      .type('text/css; charset=utf-8')
      .header('Cache-Control', 'public, max-age=300')
      .send(style),
  );

  app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());

  app.get<{ Params: { gameId: string }; Querystring: Record<string, string | undefined> }>(
    '/:gameId',
    async (request, reply) => {
      const game = casinoGameId.safeParse(request.params.gameId);
      if (!game.success)
        return page(reply, 404, messagePage('Game not found', 'There is no such game here.'));
      const { company, token } = request.query;
      if (company !== options.company)
        return page(reply, 403, messagePage('Unknown company', 'This casino does not serve it.'));
      if (!token)
        return page(
          reply,
          400,
          messagePage('No launch token', 'Open the game from the lobby to play.'),
        );
      let answer: Awaited<ReturnType<WalletClient['session']>>;
      try {
        answer = await retried(() => wallet.session(token));
      } catch (error) {
        if (!(error instanceof WalletCallError)) throw error;
        options.log?.(`casino provider: session exchange failed: ${error.message}`);
        return page(
          reply,
          502,
          messagePage('Casino unavailable', 'The casino cannot reach the wallet right now.'),
        );
      }
      if (!answer.Status)
        return page(reply, 403, messagePage('This game link cannot be used', answer.Result));
      const player = answer.Result;
      if (player.gameId !== game.data)
        return page(
          reply,
          403,
          messagePage('Wrong game', `This link opens ${gameName(player.gameId)}.`),
        );

      const nowMs = clock.now().getTime();
      sweep(nowMs);
      const tableId = random.bytes(32).toString('base64url');
      tables.set(tableId, {
        session: player.session,
        gameId: player.gameId,
        winLimit: player.winLimit,
        lastSeenMs: nowMs,
        isBusy: false,
      });
      return page(
        reply,
        200,
        tablePage({
          tableId,
          gameId: player.gameId,
          playerName: player.name,
          balance: player.balance,
          winLimit: player.winLimit,
        }),
      );
    },
  );

  app.post('/api/balance', async (request) => {
    sameOrigin(request);
    const table = tableOf(request);
    const answer = await retried(() => wallet.balance(table.session));
    if (!answer.Status) throw new TableError(401, answer.Result);
    return { ok: true, balance: answer.Result.balance };
  });

  /** One 7 Up Down round: Debit the stake, roll two fair dice, Credit what the bet pays. */
  app.post('/api/play', async (request) => {
    sameOrigin(request);
    const table = tableOf(request);
    if (table.gameId !== 'sevenupsevendown') throw new TableError(409, 'Betting opens soon');
    const parsed = playBody.safeParse(request.body);
    if (!parsed.success) throw new TableError(400, 'Pick a bet and one of the chips');
    if (table.isBusy) throw new TableError(409, 'A round is already in play');
    table.isBusy = true;
    try {
      const { bet, stake } = parsed.data;
      const roundId = random.bytes(16).toString('base64url');
      const held = await retried(() =>
        wallet.debit({ session: table.session, roundId, amount: stake }),
      );
      if (!held.Status) return { ok: false, message: held.Result };

      const dice = rollDice(random);
      const total = dice[0] + dice[1];
      const payoutPaise = sevenUpDownPayout(bet, BigInt(stake) * 100n, dice);
      const payout = Number(payoutPaise) / 100;
      const settled = await retried(() =>
        wallet.credit({
          session: table.session,
          roundId,
          amount: payout,
          detail: `dice ${dice[0]} + ${dice[1]} = ${total}; bet ${bet} ${stake}`,
        }),
      );
      if (!settled.Status) {
        options.log?.(`casino provider: round ${roundId} not settled: ${settled.Result}`);
        return { ok: false, message: settled.Result };
      }
      return {
        ok: true,
        roundId,
        dice,
        total,
        outcome: sevenUpDownOutcome(total),
        bet,
        stake,
        payout,
        paid: settled.Result.paid,
        isCapped: settled.Result.paid < payout,
        winLimit: table.winLimit,
        balance: settled.Result.balance,
      };
    } finally {
      table.isBusy = false;
    }
  });

  await app.listen({ port: options.port, host: options.host });
  const port = (app.server.address() as AddressInfo).port;
  return { port, close: () => app.close() };
}
