import type { LoginThrottleConfig } from '../../config.js';
import type { Db, Tx } from '../../db/pool.js';
import type { Clock } from '../../seams.js';
import { MIN_PASSWORD_LENGTH } from '../auth/auth.service.js';
import { createLoginThrottle } from '../auth/login-throttle.js';
import type { PasswordHasher } from '../auth/password.js';
import { createOperatorActions } from '../operators/operator-actions.js';
import * as q from './agents.queries.js';

/*
 * What every action of a user above the clients shares (docs/agents.md#controls): the answers,
 * the transaction password asked before anything is done, and the run itself — one transaction
 * with its Idempotency-Key per actor and its audit row, the operators' (operator-actions.ts), the
 * actor named `agent:<username>` in the log.
 */

/** Done, with what to show. Answers are plain JSON: a replay answers the stored copy. */
export interface Done {
  readonly ok: true;
  readonly message: string;
}

/** Refused: a target the actor cannot see, a field out of bounds, or a rule. */
export type Refusal =
  | { readonly ok: false; readonly kind: 'not_found'; readonly message: string }
  | {
      readonly ok: false;
      readonly kind: 'invalid';
      readonly field: string;
      readonly message: string;
    }
  | { readonly ok: false; readonly kind: 'refused'; readonly message: string }
  | {
      readonly ok: false;
      readonly kind: 'throttled';
      readonly message: string;
      readonly retryAfterS: number;
    };

export type ActionAnswer = Done | Refusal;

export const AGENTS_TEXT = {
  notFound: (username: string) => `No user named '${username}'`,
  wrongTransactionPassword: 'Wrong transaction password',
  noTransactionPassword: 'Set your transaction password first',
  throttled: 'Too many wrong transaction passwords: try again later',
  ownSettings: 'You cannot change your own settings',
  notChild: (username: string) =>
    `${username} is not your direct child: chips move only between a parent and its child`,
  lowerChildren: 'lower the children first',
  locked: 'Your account is locked',
} as const;

export const done = (message: string): Done => ({ ok: true, message });
export const notFound = (username: string): Refusal => ({
  ok: false,
  kind: 'not_found',
  message: AGENTS_TEXT.notFound(username),
});
export const invalid = (field: string, message: string): Refusal => ({
  ok: false,
  kind: 'invalid',
  field,
  message,
});
export const refused = (message: string): Refusal => ({ ok: false, kind: 'refused', message });

/** Basis points as the back office says them: 9000 → "90 %", 3334 → "33.34 %". */
export function percentText(bp: number): string {
  const hundredths = bp % 100;
  return hundredths === 0
    ? `${Math.trunc(bp / 100)} %`
    : `${Math.trunc(bp / 100)}.${String(hundredths).padStart(2, '0')} %`;
}

/** Whole rupees grouped as India writes them (1,23,45,678); exact, as it formats a bigint. */
const indianGrouping = new Intl.NumberFormat('en-IN', { useGrouping: true });

/**
 * Paise as rupees with two decimals, exactly, grouped as India writes them
 * (docs/conventions.md#money): −12345n → "-₹123.45", 50000000n → "₹5,00,000.00".
 */
export function rupeesText(paise: bigint): string {
  const sign = paise < 0n ? '-' : '';
  const size = paise < 0n ? -paise : paise;
  return `${sign}₹${indianGrouping.format(size / 100n)}.${String(size % 100n).padStart(2, '0')}`;
}

/** A new password's problem, or undefined. */
export function passwordProblem(password: string): string | undefined {
  return password.length < MIN_PASSWORD_LENGTH
    ? `A password must be at least ${MIN_PASSWORD_LENGTH} characters`
    : undefined;
}

/** An action's request: its name (the key's scope), target, body (hashed for the key) and key. */
export interface AgentRequest {
  readonly action: string;
  readonly target: string;
  readonly body: unknown;
  readonly key: string | undefined;
}

/** What an action's work answers, with its target before and after for the audit log. */
export interface AgentWork {
  readonly answer: ActionAnswer;
  readonly before?: unknown;
  readonly after?: unknown;
}

/** One action: what to prepare outside the transaction, the request, and the work. */
export interface AgentAction<P> {
  readonly prepare?: (actor: q.AgentRow) => Promise<P | Refusal>;
  readonly request: (actor: q.AgentRow) => AgentRequest;
  readonly work: (tx: Tx, actor: q.AgentRow, prepared: P) => Promise<AgentWork>;
}

export interface AgentGateDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly passwords: PasswordHasher;
  readonly throttle: LoginThrottleConfig;
}

export function createAgentGate(deps: AgentGateDeps) {
  const { db, clock, passwords } = deps;
  const throttle = createLoginThrottle(db, deps.throttle);
  const act = createOperatorActions({ db, clock });
  // The throttle keeps two keys per attempt; both are this agent's, so its failures count under
  // each, the account's (lower) limit blocks first, and a success forgets both.
  const keysOf = (agentId: string) => ({
    account: `agent-txn:${agentId}`,
    address: `agent-txn:${agentId}:all`,
  });

  async function actorOf(actorId: string): Promise<q.AgentRow> {
    const actor = await q.findAgent(db, actorId);
    if (!actor) throw new Error(`no agent ${actorId}`);
    return actor;
  }

  /** The transaction password of the actor checked, throttled as logins are. */
  async function checkTransactionPassword(
    actorId: string,
    password: string,
  ): Promise<Done | Refusal> {
    const actor = await actorOf(actorId);
    if (actor.transactionPasswordHash === null) return refused(AGENTS_TEXT.noTransactionPassword);
    const now = clock.now();
    const keys = keysOf(actor.id);
    const blockedUntil = await throttle.blockedUntil(keys);
    if (blockedUntil > now.getTime())
      return {
        ok: false,
        kind: 'throttled',
        message: AGENTS_TEXT.throttled,
        retryAfterS: Math.ceil((blockedUntil - now.getTime()) / 1000),
      };
    if (!(await passwords.verify(actor.transactionPasswordHash, password))) {
      await throttle.recordFailure(keys, now);
      return invalid('transactionPassword', AGENTS_TEXT.wrongTransactionPassword);
    }
    await throttle.clear(keys.account);
    await throttle.clear(keys.address);
    return done('Transaction password accepted');
  }

  /** Sets the actor's transaction password: the first time freely, after that with the current one. */
  async function setTransactionPassword(
    actorId: string,
    input: { password: string; current?: string },
  ): Promise<Done | Refusal> {
    const problem = passwordProblem(input.password);
    if (problem) return invalid('password', problem);
    const actor = await actorOf(actorId);
    if (actor.transactionPasswordHash !== null) {
      if (input.current === undefined)
        return invalid('current', 'Enter your current transaction password to change it');
      const checked = await checkTransactionPassword(actorId, input.current);
      if (!checked.ok) return checked;
    }
    const hash = await passwords.hash(input.password);
    return act(
      {
        actor: `agent:${actor.username}`,
        action: 'agent.transaction-password',
        target: actor.username,
        key: undefined,
        body: {},
      },
      async (tx) => {
        // Set once: a second first-time setting racing this one finds it set.
        const row = (await q.lockAgents(tx, [actor.id], 'update')).get(actor.id);
        const outcome: Done | Refusal =
          row?.transactionPasswordHash !== actor.transactionPasswordHash
            ? refused('Your transaction password was just changed: try again')
            : done('Transaction password set');
        if (outcome.ok) await q.updateAgent(tx, actor.id, { transaction_password_hash: hash });
        return { answer: { Status: outcome.ok, Result: outcome.message, outcome } };
      },
    ).then((answer) => answer.outcome);
  }

  return {
    actorOf,
    checkTransactionPassword,
    setTransactionPassword,

    /**
     * The transaction password checked first (nothing is done, claimed or logged when it is
     * wrong), then `prepare` (work outside the transaction: a password's hash), then the work in
     * one transaction with the key and the audit row.
     */
    async run<P = null>(
      actorId: string,
      transactionPassword: string,
      action: AgentAction<P>,
    ): Promise<ActionAnswer> {
      const { prepare, request, work } = action;
      const checked = await checkTransactionPassword(actorId, transactionPassword);
      if (!checked.ok) return checked;
      const actor = await actorOf(actorId);
      const prepared = prepare ? await prepare(actor) : (null as P);
      if (isRefusal(prepared)) return prepared;
      const asked = request(actor);
      const answer = await act({ actor: `agent:${actor.username}`, ...asked }, async (tx) => {
        const result = await work(tx, actor, prepared);
        return {
          answer: {
            Status: result.answer.ok,
            Result: result.answer.message,
            outcome: result.answer,
          },
          before: result.before,
          after: result.after,
        };
      });
      return answer.outcome;
    },
  };
}

export type AgentGate = ReturnType<typeof createAgentGate>;

function isRefusal(value: unknown): value is Refusal {
  return typeof value === 'object' && value !== null && 'ok' in value && value.ok === false;
}
