/**
 * A game's launch and its provider session (docs/decisions.md#casino): the launch token minted for
 * the frame, exchanged once by the provider for the player and a session, and that session found
 * again by each of the provider's calls.
 */
import { createHash } from 'node:crypto';
import { casinoGameId, type CasinoGameId } from '@backlay/contract/casino';
import { inTransaction, type Db, type Tx } from '../../db/pool.js';
import type { Clock, Random } from '../../seams.js';
import { CASINO_ANSWERS, refuse } from './casino-answers.js';
import { limitOf, mainBalanceOf } from './casino-money.js';
import * as q from './casino.queries.js';
import { sessionWire, type CasinoAnswer, type SessionResult } from './casino.wire.js';

/** docs/decisions.md#silent-rules: a launch token works once, within a minute of its minting. */
export const CASINO_LAUNCH_TTL_MS = 60_000;
/** A provider session ends after this long without a call. */
export const CASINO_SESSION_IDLE_MS = 30 * 60_000;

/** What a launch and its session need: the database, the time, chance, the default winning limit. */
export interface LaunchDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
  /** CASINO_WIN_LIMIT in paise: the limit of a client without one of their own. */
  readonly defaultLimit: bigint;
}

export interface LaunchRequest {
  clientId: string;
  sessionId: string;
  gameId: CasinoGameId;
}

export const hashSecret = (value: string) => createHash('sha256').update(value).digest();

/** The player of the provider session `given`, touched at `at`; undefined when unknown, idle or revoked. */
export function providerSession(tx: Tx, given: string, at: Date) {
  return q.touchSession(tx, hashSecret(given), at, new Date(at.getTime() - CASINO_SESSION_IDLE_MS));
}

/** Mints a launch token for the client's game: 32 random bytes; only its SHA-256 is kept. */
export async function launch(
  deps: LaunchDeps,
  request: LaunchRequest,
): Promise<{ token: string; expiresAt: Date }> {
  const { db, clock, random } = deps;
  const at = clock.now();
  const token = random.bytes(32).toString('base64url');
  const expiresAt = new Date(at.getTime() + CASINO_LAUNCH_TTL_MS);
  await q.deleteExpiredLaunches(db, new Date(at.getTime() - CASINO_SESSION_IDLE_MS));
  await q.insertLaunch(db, {
    tokenHash: hashSecret(token),
    clientId: request.clientId,
    sessionId: request.sessionId,
    gameId: request.gameId,
    at,
    expiresAt,
  });
  return { token, expiresAt };
}

/** Exchanges a launch token, once and within its minute, for the player and a provider session. */
export function openSession(deps: LaunchDeps, token: string): Promise<CasinoAnswer<SessionResult>> {
  const { db, clock, random } = deps;
  return inTransaction(db, async (tx) => {
    const at = clock.now();
    const tokenHash = hashSecret(token);
    const launch = await q.lockLaunch(tx, tokenHash);
    if (!launch) return refuse(CASINO_ANSWERS.unknownToken);
    if (launch.usedAt !== null) return refuse(CASINO_ANSWERS.usedToken);
    if (launch.expiresAt.getTime() <= at.getTime()) return refuse(CASINO_ANSWERS.expiredToken);
    if (launch.isSessionRevoked) return refuse(CASINO_ANSWERS.loggedOut);
    const gameId = casinoGameId.safeParse(launch.gameId);
    if (!gameId.success) return refuse(CASINO_ANSWERS.unknownToken);
    await q.useLaunch(tx, tokenHash, at);

    const profile = await q.clientProfile(tx, launch.clientId);
    if (!profile) throw new Error(`client ${launch.clientId} is missing`);
    await q.deleteIdleSessions(tx, new Date(at.getTime() - CASINO_SESSION_IDLE_MS));
    const provided = random.bytes(32).toString('base64url');
    await q.insertSession(tx, {
      hash: hashSecret(provided),
      clientId: launch.clientId,
      sessionId: launch.sessionId,
      gameId: gameId.data,
      at,
    });
    return {
      Status: true,
      Result: sessionWire({
        clientId: launch.clientId,
        username: profile.username,
        gameId: gameId.data,
        mainBalancePaise: await mainBalanceOf(tx, launch.clientId),
        winLimitPaise: limitOf(profile, deps.defaultLimit),
        session: provided,
      }),
    };
  });
}
