import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import type { Answer, Call } from './bank-load.js';

/** An acknowledged bet: HTTP 200 with Status true, sent under its own Idempotency-Key. */
export interface Ack {
  readonly username: string;
  readonly key: string;
  readonly body: Record<string, unknown>;
}

export interface AckAudit {
  /** Acknowledged bets not booked as sent. */
  readonly lost: number;
  /** Bets booked beyond the keys answered Status true. */
  readonly twice: number;
  /** What each loss or extra was, for the report. */
  readonly notes: readonly string[];
}

/** A bettor of the crash proofs: its username and its current session's token. */
export interface KeyedBettor {
  readonly username: string;
  token: string;
}

const LAT_LONG = '19.0760,72.8777';

/**
 * Logs `bettor` in (again), waiting out a server that is down or restarting (a refused connection
 * or a 5xx); any other refusal throws.
 */
export async function logInRetrying(
  call: Call,
  bettor: KeyedBettor,
  password: string,
  retryMs: number,
): Promise<Answer> {
  for (;;) {
    try {
      const answer = await call('POST', '/api/Authenticate/ValidLogin?ipAddress=10.9.9.9', {
        json: { username: bettor.username, password, LatLong: LAT_LONG },
      });
      const token = (answer.body as { data?: { Token?: string } } | undefined)?.data?.Token;
      if (answer.ok === true && token) {
        bettor.token = token;
        return answer;
      }
      if (answer.status < 500) throw new Error(`login ${bettor.username}: HTTP ${answer.status}`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('login ')) throw error;
    }
    await sleep(retryMs);
  }
}

export interface KeyedSend {
  readonly key: string;
  /** The last answer; undefined when every try was cut. */
  readonly answer: Answer | undefined;
  /** Whether a try was cut (no answer, or a 5xx) before the last. */
  readonly wasCut: boolean;
}

/**
 * Sends one bet under one Idempotency-Key until it gets an answer that is not a 5xx, for at most
 * `retryForMs`: a connection cut or a 5xx (the server died, restarts or drains) only delays it,
 * and the same key and body go again; a 401 logs the bettor in again first.
 */
export async function sendKeyed(
  call: Call,
  bettor: KeyedBettor,
  draft: { readonly path: string; readonly body: Record<string, unknown> },
  options: {
    readonly retryMs: number;
    readonly retryForMs: number;
    readonly logIn: () => Promise<unknown>;
    readonly onServerError?: (answer: Answer) => void;
  },
): Promise<KeyedSend> {
  const key = randomUUID();
  const first = performance.now();
  let wasCut = false;
  let answer: Answer | undefined;
  while (performance.now() - first < options.retryForMs) {
    try {
      answer = await call('POST', draft.path, {
        token: bettor.token,
        json: draft.body,
        headers: { 'idempotency-key': key },
      });
    } catch {
      // Connection refused or reset: the server is down. Same key, same body, again.
      wasCut = true;
      answer = undefined;
      await sleep(options.retryMs);
      continue;
    }
    if (answer.status === 401) {
      await options.logIn();
      continue;
    }
    if (answer.status >= 500) {
      options.onServerError?.(answer);
      wasCut = true;
      await sleep(options.retryMs);
      continue;
    }
    break;
  }
  return { key, answer, wasCut };
}

const sameBet = (
  body: Record<string, unknown>,
  bet: { market_id: string; selection_id: string; bet_type: string; stake: number },
) =>
  String(body.MarketId) === bet.market_id &&
  String(body.SelectionID) === bet.selection_id &&
  body.BetType === bet.bet_type &&
  Number(body.Stack) === bet.stake;

/**
 * Every acknowledged bet must be in the database exactly once (docs/reliability.md, "kill -9
 * under load"). The bets table does not name the key, so each client's keys answered Status true
 * (in claim order) are paired with its bets (in id order): each client bets one request at a
 * time, all of them under a key. Reads in one REPEATABLE READ transaction of `db`.
 */
export async function auditAcks(
  db: pg.Client,
  clientIdOf: ReadonlyMap<string, string>,
  acknowledged: readonly Ack[],
): Promise<AckAudit> {
  const clientIds = [...clientIdOf.values()];
  await db.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  const keys = await db.query<{ client_id: string; key: string; ok: boolean | null }>(
    `SELECT client_id::text AS client_id, key, (response->>'Status')::boolean AS ok
     FROM idempotency_keys WHERE client_id = ANY($1::bigint[])
     ORDER BY client_id, created_at, key`,
    [clientIds],
  );
  const bets = await db.query<{
    client_id: string;
    market_id: string;
    selection_id: string;
    bet_type: string;
    stake: number;
  }>(
    `SELECT client_id::text AS client_id, market_id, selection_id, bet_type, stake
     FROM bets WHERE client_id = ANY($1::bigint[]) ORDER BY client_id, id`,
    [clientIds],
  );
  await db.query('COMMIT');
  const booked = new Map<string, { key: string; index: number }[]>();
  for (const row of keys.rows) {
    if (row.ok !== true) continue;
    const list = booked.get(row.client_id) ?? [];
    list.push({ key: row.key, index: list.length });
    booked.set(row.client_id, list);
  }
  const betsOf = new Map<string, (typeof bets.rows)[number][]>();
  for (const row of bets.rows) {
    const list = betsOf.get(row.client_id) ?? [];
    list.push(row);
    betsOf.set(row.client_id, list);
  }
  const notes: string[] = [];
  let lost = 0;
  for (const ack of acknowledged) {
    const clientId = clientIdOf.get(ack.username) ?? '';
    const slot = booked.get(clientId)?.find((entry) => entry.key === ack.key);
    const bet = slot ? betsOf.get(clientId)?.[slot.index] : undefined;
    if (!bet || !sameBet(ack.body, bet)) {
      lost += 1;
      notes.push(
        `missing ${ack.username} ${ack.key}: key ${slot ? `#${slot.index}` : 'absent'}, bet ${bet ? JSON.stringify(bet) : 'absent'}, sent ${JSON.stringify(ack.body)}`,
      );
    }
  }
  let twice = 0;
  for (const clientId of clientIds) {
    const extra = (betsOf.get(clientId)?.length ?? 0) - (booked.get(clientId)?.length ?? 0);
    if (extra !== 0) {
      twice += Math.max(0, extra);
      notes.push(`client ${clientId}: ${extra} more bets than keys answered Status true`);
    }
  }
  return { lost, twice, notes };
}
