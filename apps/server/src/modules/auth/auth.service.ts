import { createHash } from 'node:crypto';
import { exclusionLoginRefusal } from '@backlay/domain';
import type { LoginThrottleConfig } from '../../config.js';
import { noChanges, notifiedCache, type Changes } from '../../db/changes.js';
import { inTransaction, type Db, type Tx } from '../../db/pool.js';
import type { Clock, Random } from '../../seams.js';
import * as q from './auth.queries.js';
import { createLoginThrottle } from './login-throttle.js';
import type { PasswordHasher } from './password.js';
import { SESSION_END, type SessionEnd } from './session-end.js';

export const INVALID_CREDENTIALS = 'Invalid username or password';

/** A right password refused: the client's login, or an ancestor's, is locked (docs/agents.md#controls). */
export const ACCOUNT_LOCKED = 'Your account is locked. Please contact your agent.';

/** New passwords are at least this long. */
export const MIN_PASSWORD_LENGTH = 8;

/** Live sessions kept in memory; one per client, so this covers every client of a busy day. */
const MAX_CACHED_SESSIONS = 100_000;

/** last_seen_at is written at most this often: enough for an idle window of hours. */
const TOUCH_EVERY_MS = 60_000;

/** A live session as the cache holds it; only `lastSeenAt` moves (the touch updates it here). */
interface LiveSession {
  readonly id: string;
  readonly clientId: string;
  readonly username: string;
  readonly validityValue: string;
  readonly createdAt: Date;
  lastSeenAt: Date;
  /** When the client's session limit ends the session; null: no limit. */
  readonly endsAt: Date | null;
}

export interface SessionContext {
  readonly sessionId: string;
  readonly clientId: string;
  readonly username: string;
  readonly validityValue: string;
}

export type LoginOutcome =
  | {
      readonly kind: 'success';
      readonly token: string;
      readonly clientId: string;
      readonly username: string;
      readonly validityValue: string;
    }
  | { readonly kind: 'refused'; readonly message: string }
  | { readonly kind: 'throttled'; readonly retryAfterS: number };

export interface LoginAttempt {
  readonly username: string;
  readonly password: string;
  readonly latLong: string;
  /** The socket's address: the one throttled and trusted. */
  readonly socketAddress: string;
  /** The client's `ipAddress` query: recorded, never trusted. */
  readonly claimedAddress: string | null;
}

export interface AuthServiceDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
  readonly passwords: PasswordHasher;
  readonly session: { readonly idleS: number; readonly maxS: number };
  readonly throttle: LoginThrottleConfig;
  /** Revocations by any instance (src/db/changes.ts); without it sessions are not cached. */
  readonly changes?: Changes;
  /** REPORT_TZ: the zone of the end date an excluded client's login is refused with. */
  readonly reportTz: string;
}

const contextOf = (session: LiveSession): SessionContext => ({
  sessionId: session.id,
  clientId: session.clientId,
  username: session.username,
  validityValue: session.validityValue,
});

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, random, passwords } = deps;
  const changes = deps.changes ?? noChanges;
  const throttle = createLoginThrottle(db, deps.throttle);

  /**
   * Live sessions by token hash (hex, as the revocation trigger of db/functions/notify.sql names them), so
   * that a request of a known session costs no round trip (docs/architecture.md, "Caches"). Only
   * live sessions are kept: an unknown or revoked token is read each time. A session revoked here
   * is dropped as its transaction commits; one revoked anywhere else is dropped when the NOTIFY
   * arrives, and while the listener is not live nothing is served from memory.
   */
  const sessions = notifiedCache<LiveSession | undefined>(
    changes,
    async (key) => {
      const row = await q.findSessionByTokenHash(db, Buffer.from(key, 'hex'));
      if (!row || row.revokedAt) return undefined;
      return {
        id: row.id,
        clientId: row.clientId,
        username: row.username,
        validityValue: row.validityValue,
        createdAt: row.createdAt,
        lastSeenAt: row.lastSeenAt,
        endsAt: row.endsAt,
      };
    },
    { maxEntries: MAX_CACHED_SESSIONS },
  );
  changes.on('backlay_sessions', (key) => sessions.forget(key));
  /** Drops revoked sessions at once in this process (their transaction has committed). */
  const forgetRevoked = (tokenHashes: readonly Buffer[]) => {
    for (const tokenHash of tokenHashes) sessions.forget(tokenHash.toString('hex'));
  };

  /**
   * The cache key of a token (its SHA-256 in hex), remembered for the tokens in use, so that a
   * request of a known session hashes nothing.
   */
  const tokenKeys = new Map<string, string>();
  const keyOf = (token: string): string => {
    let key = tokenKeys.get(token);
    if (key === undefined) {
      key = hashToken(token).toString('hex');
      if (tokenKeys.size >= MAX_CACHED_SESSIONS) tokenKeys.clear();
      tokenKeys.set(token, key);
    }
    return key;
  };

  const keysOf = (attempt: LoginAttempt) => ({
    account: `account:${attempt.username.toLowerCase()}`,
    address: `address:${attempt.socketAddress}`,
  });

  /**
   * Why a live session ends at `now`: past the client's session limit, its idle window or its
   * maximum age; null while it lives.
   */
  const endOf = (
    session: Pick<LiveSession, 'createdAt' | 'lastSeenAt' | 'endsAt'>,
    now: Date,
  ): SessionEnd | null => {
    if (session.endsAt !== null && now.getTime() >= session.endsAt.getTime()) {
      return SESSION_END.sessionLimit;
    }
    return now.getTime() - session.lastSeenAt.getTime() >= deps.session.idleS * 1000 ||
      now.getTime() - session.createdAt.getTime() >= deps.session.maxS * 1000
      ? SESSION_END.expired
      : null;
  };

  return {
    async login(attempt: LoginAttempt): Promise<LoginOutcome> {
      const now = clock.now();
      const username = attempt.username.trim();
      const keys = keysOf({ ...attempt, username });
      const event = {
        username,
        socketAddress: attempt.socketAddress,
        claimedAddress: attempt.claimedAddress,
        latLong: attempt.latLong,
        at: now,
      };

      const blockedUntil = await throttle.blockedUntil(keys);
      if (blockedUntil > now.getTime()) {
        await q.recordLoginEvent(db, { ...event, clientId: null, outcome: 'throttled' });
        return { kind: 'throttled', retryAfterS: Math.ceil((blockedUntil - now.getTime()) / 1000) };
      }

      const client = await q.findClientByUsername(db, username, now);
      const valid = client
        ? await passwords.verify(client.passwordHash, attempt.password)
        : (await passwords.verifyNothing(attempt.password), false);
      if (!client || !valid) {
        await throttle.recordFailure(keys, now);
        await q.recordLoginEvent(db, {
          ...event,
          clientId: client?.id ?? null,
          outcome: 'bad_credentials',
        });
        return { kind: 'refused', message: INVALID_CREDENTIALS };
      }
      // Told only to whoever knows the password (docs/safer-gambling.md).
      const excluded =
        client.exclusion && exclusionLoginRefusal(client.exclusion, now, deps.reportTz);
      if (excluded) {
        await q.recordLoginEvent(db, { ...event, clientId: client.id, outcome: 'excluded' });
        return { kind: 'refused', message: excluded };
      }
      if (client.loginLocked) {
        await q.recordLoginEvent(db, { ...event, clientId: client.id, outcome: 'locked' });
        return { kind: 'refused', message: ACCOUNT_LOCKED };
      }

      const token = random.bytes(32).toString('base64url');
      const validityValue = random.bytes(16).toString('hex');
      // One active session per client: the new login revokes the older one at once (docs/product.md#states).
      const revoked = await inTransaction(db, async (tx) => {
        await q.lockClient(tx, client.id);
        const older = await q.revokeActiveSessions(tx, client.id, now, SESSION_END.newLogin);
        await q.insertSession(tx, {
          clientId: client.id,
          tokenHash: hashToken(token),
          validityValue,
          at: now,
          endsAt:
            client.sessionLimitMin === null
              ? null
              : new Date(now.getTime() + client.sessionLimitMin * 60_000),
        });
        return older;
      });
      forgetRevoked(revoked);
      await throttle.clear(keys.account);
      await q.recordLoginEvent(db, { ...event, clientId: client.id, outcome: 'success' });
      return {
        kind: 'success',
        token,
        clientId: client.id,
        username: client.username,
        validityValue,
      };
    },

    /** The live session of a bearer token, or null when unknown, revoked or expired. */
    /**
     * The session of a token when everything about it is in memory and nothing needs writing
     * (a live session, not expired, touched within the minute); undefined otherwise, and then
     * `authenticate` is the judge.
     */
    authenticateInMemory(token: string): SessionContext | undefined {
      const session = sessions.peek(keyOf(token));
      if (!session) return undefined;
      const now = clock.now();
      if (endOf(session, now)) return undefined;
      if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) return undefined;
      return contextOf(session);
    },

    /** Whether this instance holds the token's live session in memory (touched or not). */
    holds: (token: string): boolean => sessions.peek(keyOf(token)) !== undefined,

    async authenticate(token: string): Promise<SessionContext | null> {
      const key = keyOf(token);
      let session = await sessions.get(key);
      if (!session) return null;
      const now = clock.now();
      if (endOf(session, now)) {
        // The copy in memory may be older than the row: another instance may have touched it.
        sessions.forget(key);
        session = await sessions.get(key);
        if (!session) return null;
        const end = endOf(session, now);
        if (end) {
          await q.revokeSession(db, session.id, now, end);
          sessions.forget(key);
          return null;
        }
      }
      // A minute's precision is enough for an idle window of hours, and spares a write per call.
      // The write is not awaited: the request needs no round trip for it. A failure is swallowed
      // (there is no logger here, and it only moves an idle window): the copy goes back to the
      // old time, so that a later request tries again.
      if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
        const touched = session;
        const previous = touched.lastSeenAt;
        touched.lastSeenAt = now;
        q.touchSession(db, touched.id, now).catch(() => {
          if (touched.lastSeenAt === now) touched.lastSeenAt = previous;
        });
      }
      return contextOf(session);
    },

    /**
     * Why the session of a bearer token ended, so that a client sent to /login can say why; null
     * for an unknown token or a live session. A live session past its time ends here as expired.
     */
    async sessionEnd(token: string): Promise<SessionEnd | null> {
      const session = await q.findSessionByTokenHash(db, hashToken(token));
      if (!session) return null;
      if (session.revokedAt) return session.revokedReason;
      const now = clock.now();
      const end = endOf(session, now);
      if (!end) return null;
      forgetRevoked(await q.revokeSession(db, session.id, now, end));
      return end;
    },

    /**
     * An operator's new password for a client, on `tx`: every session of the client ends (on
     * every instance, by the revocation trigger's notification).
     */
    async resetPasswordIn(tx: Tx, username: string, passwordHash: string): Promise<boolean> {
      const client = await q.findClientByUsername(tx, username, clock.now());
      if (!client) return false;
      await q.lockClient(tx, client.id);
      await q.writePasswordHash(tx, client.id, passwordHash);
      await q.revokeActiveSessions(tx, client.id, clock.now(), SESSION_END.passwordChanged);
      return true;
    },

    /**
     * Changes the password: the old one must match, the new one has at least
     * {@link MIN_PASSWORD_LENGTH} characters; every other session of the client ends.
     */
    async changePassword(
      session: SessionContext,
      oldPassword: string,
      newPassword: string,
    ): Promise<{ ok: boolean; message: string }> {
      if (newPassword.length < MIN_PASSWORD_LENGTH) {
        return {
          ok: false,
          message: `New password must be at least ${MIN_PASSWORD_LENGTH} characters`,
        };
      }
      const current = await q.readPasswordHash(db, session.clientId);
      if (!current || !(await passwords.verify(current, oldPassword))) {
        return { ok: false, message: 'Old password is incorrect' };
      }
      const passwordHash = await passwords.hash(newPassword);
      const revoked = await inTransaction(db, async (tx) => {
        await q.lockClient(tx, session.clientId);
        await q.writePasswordHash(tx, session.clientId, passwordHash);
        return q.revokeOtherSessions(
          tx,
          session.clientId,
          session.sessionId,
          clock.now(),
          SESSION_END.passwordChanged,
        );
      });
      forgetRevoked(revoked);
      return { ok: true, message: 'Password changed successfully' };
    },

    async logout(sessionId: string): Promise<void> {
      forgetRevoked(await q.revokeSession(db, sessionId, clock.now(), SESSION_END.loggedOut));
    },

    /**
     * Ends every session of the client on `tx` (docs/safer-gambling.md: a time-out or a
     * self-exclusion logs out at once); call the answer once `tx` has committed.
     */
    async endSessionsIn(tx: Tx, clientId: string, reason: SessionEnd): Promise<() => void> {
      const revoked = await q.revokeActiveSessions(tx, clientId, clock.now(), reason);
      return () => forgetRevoked(revoked);
    },

    /** A lowered session limit holds at once: the client's live sessions end `minutes` after they began. */
    limitSessionsIn: (tx: Tx, clientId: string, minutes: number): Promise<void> =>
      q.limitClientSessions(tx, clientId, minutes),

    /** When a session began, and when the client's session limit ends it (null: never). */
    sessionTimes: (sessionId: string): Promise<{ startedAt: Date; endsAt: Date | null }> =>
      q.sessionTimes(db, sessionId),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
