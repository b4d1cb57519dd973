import type { OperatorRole } from '@backlay/contract/backoffice/values';
import type { LoginThrottleConfig } from '../../config.js';
import { inTransaction, type Db } from '../../db/pool.js';
import type { Clock, Random } from '../../seams.js';
import { hashToken } from '../auth/auth.service.js';
import { createLoginThrottle } from '../auth/login-throttle.js';
import { isPastWindows } from '../auth/session-end.js';
import type { PasswordHasher } from '../auth/password.js';
import * as q from './operators.queries.js';
import { newTotpSecret, totpStep, totpUri } from './totp.js';

/** One answer for every wrong name, password or code, so that none of them is confirmed. */
export const OPERATOR_INVALID = 'Invalid username, password or code';

export const MIN_OPERATOR_PASSWORD_LENGTH = 12;

/** last_seen_at is written at most this often; an operator's idle window is minutes. */
const TOUCH_EVERY_MS = 15_000;

/** The operator of an authenticated back-office request. */
export interface OperatorContext {
  readonly sessionId: string;
  readonly operatorId: string;
  readonly username: string;
  readonly role: OperatorRole;
}

export type OperatorLoginOutcome =
  | { readonly kind: 'success'; readonly token: string; readonly operator: OperatorContext }
  | { readonly kind: 'refused'; readonly message: string }
  | { readonly kind: 'throttled'; readonly retryAfterS: number };

export interface OperatorsServiceDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
  readonly passwords: PasswordHasher;
  readonly session: { readonly idleS: number; readonly maxS: number };
  readonly throttle: LoginThrottleConfig;
}

/**
 * Back-office operators (docs/backoffice.md): accounts with an argon2id password, a TOTP second
 * factor and one role; bearer sessions that end after `session.idleS` idle or `session.maxS`.
 * Operators are few: a session is read from PostgreSQL on each request, so a revocation holds on
 * every instance at once.
 */
export function createOperatorsService(deps: OperatorsServiceDeps) {
  const { db, clock, random, passwords } = deps;
  const throttle = createLoginThrottle(db, deps.throttle);

  const isExpired = (session: q.OperatorSessionRow, now: Date): boolean =>
    isPastWindows(session, now, deps.session);

  return {
    /**
     * A new operator with a fresh TOTP secret; the secret and its `otpauth://` URI are shown
     * once, to be entered in an authenticator app.
     */
    async create(input: {
      username: string;
      password: string;
      role: OperatorRole;
    }): Promise<
      | { ok: true; operatorId: string; totpSecret: string; totpUri: string }
      | { ok: false; message: string }
    > {
      if (input.password.length < MIN_OPERATOR_PASSWORD_LENGTH) {
        return {
          ok: false,
          message: `An operator's password must be at least ${MIN_OPERATOR_PASSWORD_LENGTH} characters`,
        };
      }
      const totpSecret = newTotpSecret(random);
      const operatorId = await q.insertOperator(db, {
        username: input.username,
        passwordHash: await passwords.hash(input.password),
        totpSecret,
        role: input.role,
        at: clock.now(),
      });
      if (!operatorId)
        return { ok: false, message: `An operator named '${input.username}' exists` };
      return { ok: true, operatorId, totpSecret, totpUri: totpUri(totpSecret, input.username) };
    },

    async login(attempt: {
      username: string;
      password: string;
      code: string;
      socketAddress: string;
    }): Promise<OperatorLoginOutcome> {
      const now = clock.now();
      const keys = {
        account: `operator:${attempt.username.toLowerCase()}`,
        address: `operator-address:${attempt.socketAddress}`,
      };
      const blockedUntil = await throttle.blockedUntil(keys);
      if (blockedUntil > now.getTime())
        return { kind: 'throttled', retryAfterS: Math.ceil((blockedUntil - now.getTime()) / 1000) };

      const operator = await q.findOperator(db, attempt.username);
      const valid = operator
        ? await passwords.verify(operator.passwordHash, attempt.password)
        : (await passwords.verifyNothing(attempt.password), false);
      const step =
        operator && valid && operator.disabledAt === null
          ? totpStep(operator.totpSecret, attempt.code, now)
          : null;
      if (!operator || step === null) {
        await throttle.recordFailure(keys, now);
        return { kind: 'refused', message: OPERATOR_INVALID };
      }
      const token = random.bytes(32).toString('base64url');
      const taken = await inTransaction(db, async (tx) => {
        if (!(await q.takeTotpStep(tx, operator.id, step))) return false;
        await q.insertOperatorSession(tx, {
          operatorId: operator.id,
          tokenHash: hashToken(token),
          at: now,
        });
        return true;
      });
      if (!taken) {
        // The code was used already (a replay, or a second login within its 30 seconds).
        await throttle.recordFailure(keys, now);
        return { kind: 'refused', message: 'This code was used already: wait for the next one' };
      }
      await throttle.clear(keys.account);
      const session = await q.findOperatorSession(db, hashToken(token));
      if (!session) throw new Error('operator session vanished after its insert');
      return {
        kind: 'success',
        token,
        operator: {
          sessionId: session.sessionId,
          operatorId: operator.id,
          username: operator.username,
          role: operator.role,
        },
      };
    },

    /** The operator of a bearer token, or null when unknown, revoked, expired or disabled. */
    async authenticate(token: string): Promise<OperatorContext | null> {
      const session = await q.findOperatorSession(db, hashToken(token));
      if (!session || session.revokedAt || session.disabledAt) return null;
      const now = clock.now();
      if (isExpired(session, now)) {
        await q.revokeOperatorSession(db, session.sessionId, now);
        return null;
      }
      if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
        await q.touchOperatorSession(db, session.sessionId, now);
      return {
        sessionId: session.sessionId,
        operatorId: session.operatorId,
        username: session.username,
        role: session.role,
      };
    },

    logout: (sessionId: string) => q.revokeOperatorSession(db, sessionId, clock.now()),
  };
}

export type OperatorsService = ReturnType<typeof createOperatorsService>;
