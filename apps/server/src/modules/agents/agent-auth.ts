import type { LoginThrottleConfig } from '../../config.js';
import { inTransaction, type Db } from '../../db/pool.js';
import type { Clock, Random } from '../../seams.js';
import { hashToken } from '../auth/auth.service.js';
import { createLoginThrottle } from '../auth/login-throttle.js';
import type { PasswordHasher } from '../auth/password.js';
import { isPastWindows } from '../auth/session-end.js';
import { MIN_OPERATOR_PASSWORD_LENGTH } from '../operators/operators.service.js';
import { newTotpSecret, totpStep, totpUri } from '../operators/totp.js';
import { AGENTS_TEXT } from './agent-actions.js';
import * as sessions from './agent-sessions.queries.js';
import * as q from './agents.queries.js';

/** One answer for every wrong name, password or code, so that none of them is confirmed. */
export const AGENT_INVALID = 'Invalid username, password or code';

/** last_seen_at is written at most this often. */
const TOUCH_EVERY_MS = 15_000;

/** The user of an authenticated back-office request of the agent network. */
export interface AgentContext {
  readonly sessionId: string;
  readonly agentId: string;
  readonly username: string;
  readonly level: q.AgentLevelAbove;
}

export type AgentLoginOutcome =
  | {
      readonly kind: 'success';
      readonly token: string;
      readonly agent: AgentContext;
      /** The first login sets a transaction password before anything else. */
      readonly needsTransactionPassword: boolean;
    }
  | { readonly kind: 'refused'; readonly message: string }
  | { readonly kind: 'throttled'; readonly retryAfterS: number };

export interface AgentAuthDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
  readonly passwords: PasswordHasher;
  /** The back office's session windows (the operators'). */
  readonly session: { readonly idleS: number; readonly maxS: number };
  readonly throttle: LoginThrottleConfig;
}

/**
 * The logins of users above the clients (docs/agents.md#controls): a password, a TOTP code when
 * the user has a secret (a code works once), the login throttle, and no login while the user or
 * an ancestor holds a login lock. Sessions are read from PostgreSQL on each request, as the
 * operators' are, so a lock or a revocation holds on every instance at once.
 */
export function createAgentAuth(deps: AgentAuthDeps) {
  const { db, clock, random, passwords } = deps;
  const throttle = createLoginThrottle(db, deps.throttle);

  const isExpired = (session: sessions.AgentSessionRow, now: Date): boolean =>
    isPastWindows(session, now, deps.session);

  return {
    async login(attempt: {
      username: string;
      password: string;
      code?: string | undefined;
      socketAddress: string;
    }): Promise<AgentLoginOutcome> {
      const now = clock.now();
      const keys = {
        account: `agent:${attempt.username.toLowerCase()}`,
        address: `agent-address:${attempt.socketAddress}`,
      };
      const blockedUntil = await throttle.blockedUntil(keys);
      if (blockedUntil > now.getTime())
        return { kind: 'throttled', retryAfterS: Math.ceil((blockedUntil - now.getTime()) / 1000) };

      const agent = await q.findAgentByUsername(db, attempt.username);
      const valid =
        agent?.passwordHash != null
          ? await passwords.verify(agent.passwordHash, attempt.password)
          : (await passwords.verifyNothing(attempt.password), false);
      const step =
        agent && valid && agent.totpSecret !== null
          ? attempt.code === undefined
            ? null
            : totpStep(agent.totpSecret, attempt.code, now)
          : undefined;
      if (!agent || !valid || step === null) {
        await throttle.recordFailure(keys, now);
        return { kind: 'refused', message: AGENT_INVALID };
      }
      const chain = await q.findAgents(db, [...agent.path, agent.id]);
      if (chain.some((member) => member.loginLockedAt !== null))
        return { kind: 'refused', message: AGENTS_TEXT.locked };
      const token = random.bytes(32).toString('base64url');
      const sessionId = await inTransaction(db, async (tx) => {
        if (step !== undefined && !(await sessions.takeAgentTotpStep(tx, agent.id, step)))
          return undefined;
        return sessions.insertAgentSession(tx, {
          agentId: agent.id,
          tokenHash: hashToken(token),
          at: now,
        });
      });
      if (sessionId === undefined) {
        // The code was used already (a replay, or a second login within its 30 seconds).
        await throttle.recordFailure(keys, now);
        return { kind: 'refused', message: 'This code was used already: wait for the next one' };
      }
      await throttle.clear(keys.account);
      return {
        kind: 'success',
        token,
        agent: { sessionId, agentId: agent.id, username: agent.username, level: agent.level },
        needsTransactionPassword: agent.transactionPasswordHash === null,
      };
    },

    /** The user of a bearer token; undefined when unknown, revoked, expired or locked. */
    async authenticate(token: string): Promise<AgentContext | undefined> {
      const session = await sessions.findAgentSession(db, hashToken(token));
      if (!session || session.revokedAt || session.loginLocked) return undefined;
      const now = clock.now();
      if (isExpired(session, now)) {
        await sessions.revokeAgentSession(db, session.sessionId, now);
        return undefined;
      }
      if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
        await sessions.touchAgentSession(db, session.sessionId, now);
      return {
        sessionId: session.sessionId,
        agentId: session.agentId,
        username: session.username,
        level: session.level,
      };
    },

    logout: (sessionId: string) => sessions.revokeAgentSession(db, sessionId, clock.now()),

    /**
     * Turns the user's second factor on (a fresh secret, shown once with its `otpauth://` URI, to
     * enter in an authenticator app; every later login asks its code) or off. The caller has
     * checked the transaction password.
     */
    async setTotp(
      agentId: string,
      enabled: boolean,
    ): Promise<{ username: string; secret: string; uri: string } | { username: string }> {
      const [agent] = await q.findAgents(db, [agentId]);
      if (!agent) throw new Error(`agent ${agentId} vanished`);
      if (!enabled) {
        await q.updateAgent(db, agentId, { totp_secret: null, last_totp_step: null });
        return { username: agent.username };
      }
      const secret = newTotpSecret(random);
      await q.updateAgent(db, agentId, { totp_secret: secret, last_totp_step: null });
      return { username: agent.username, secret, uri: totpUri(secret, agent.username) };
    },

    /**
     * The admin's password, set by the operator (the admin row starts without one, so nobody can
     * log in as the house until then); every session of the admin ends.
     */
    async setAdminPassword(password: string): Promise<{ ok: boolean; message: string }> {
      if (password.length < MIN_OPERATOR_PASSWORD_LENGTH)
        return {
          ok: false,
          message: `The admin's password must be at least ${MIN_OPERATOR_PASSWORD_LENGTH} characters`,
        };
      const passwordHash = await passwords.hash(password);
      await inTransaction(db, async (tx) => {
        const admin = await q.findAdmin(tx);
        await q.updateAgent(tx, admin.id, { password_hash: passwordHash });
        await sessions.revokeAgentSessions(tx, admin.id, clock.now(), false);
      });
      return { ok: true, message: "The admin's password is set" };
    },
  };
}

export type AgentAuth = ReturnType<typeof createAgentAuth>;
