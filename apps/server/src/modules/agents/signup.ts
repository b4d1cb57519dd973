import type { LoginThrottleConfig } from '../../config.js';
import { inTransaction, type Db, type Tx } from '../../db/pool.js';
import type { Clock } from '../../seams.js';
import { createLoginThrottle } from '../auth/login-throttle.js';
import type { PasswordHasher } from '../auth/password.js';
import type { ClientsService } from '../clients/clients.service.js';
import { createOperatorActions } from '../operators/operator-actions.js';
import {
  done,
  passwordProblem,
  refused,
  type ActionAnswer,
  type AgentGate,
  type Refusal,
} from './agent-actions.js';
import * as q from './agents.queries.js';
import { normalReferralCode } from './referral-code.js';
import * as sq from './signup.queries.js';

/*
 * Sign-up through an agent (docs/agents.md#sign-up): a visitor asks to become a client of the
 * user whose referral code it gives; that user (never anyone else) approves the request, which
 * creates the client under it, or declines it.
 */

/** The form's fields as the server takes them (the contract's `signupRequest`). */
export interface SignupForm {
  readonly username: string;
  readonly password: string;
  readonly name: string;
  /** Ten digits; India's +91 is the only country code. */
  readonly mobile: string;
  readonly referralCode: string | undefined;
  /** The address the request came from: refusals from it are throttled as failed logins are. */
  readonly socketAddress: string;
}

/** A field of the form a refusal is about. */
export type SignupField = 'username' | 'password' | 'name' | 'mobile' | 'referralCode';

/** What the visitor is told: sent, or refused with the field to fix when there is one. */
export type SignupAnswer =
  | { readonly ok: true; readonly message: string }
  | {
      readonly ok: false;
      readonly kind: 'refused';
      readonly field?: SignupField;
      readonly message: string;
    }
  | { readonly ok: false; readonly kind: 'throttled'; readonly retryAfterS: number };

export const SIGNUP_TEXT = {
  sent: (username: string) =>
    `Your request has gone to your agent. You can log in as ${username} once they approve it.`,
  noCode: 'Enter the referral code your agent gave you: you join through an agent',
  unknownCode: (typed: string) =>
    `No agent has the referral code '${typed}': check it with your agent`,
  taken: (username: string) => `Username '${username}' is taken: choose another`,
  waiting: (username: string) =>
    `A request for '${username}' is already waiting for this agent: choose another username`,
  full: 'This agent has too many requests waiting: try again later',
  notFound: (id: string) => `No sign-up request #${id}`,
  decided: (status: string) => `This request was ${status} already`,
  takenNow: (username: string) =>
    `Username '${username}' has been taken since the request: decline it`,
  approved: (username: string) => `Approved: ${username} is your client and can log in now`,
  declined: (username: string) => `Declined the request of ${username}`,
} as const;

/** Requests one agent may have waiting: a flood of them stops here. */
export const MAX_PENDING = 200;

const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/;
const MOBILE = /^[6-9]\d{9}$/;

const refusal = (field: SignupField | undefined, message: string): SignupAnswer => ({
  ok: false,
  kind: 'refused',
  ...(field === undefined ? {} : { field }),
  message,
});

/** A request waiting for its agent, as the agent reads it. */
export interface WaitingRequest {
  readonly id: string;
  readonly username: string;
  readonly name: string;
  readonly mobile: string;
  readonly createdAt: Date;
}

export interface SignupsDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly gate: AgentGate;
  readonly passwords: PasswordHasher;
  readonly throttle: LoginThrottleConfig;
  readonly clients: Pick<ClientsService, 'createIn' | 'claimUsername'>;
}

export function createSignups(deps: SignupsDeps) {
  const { db, clock, gate, passwords, clients } = deps;
  // Refusals count per address, at the logins' address limit: guessing codes or usernames from
  // one address is blocked as guessing passwords is. A sign-up has no account yet, so both of
  // the throttle's keys are the address's, at the same limit.
  const throttle = createLoginThrottle(db, {
    ...deps.throttle,
    accountLimit: deps.throttle.addressLimit,
  });
  const keysOf = (address: string) => ({
    account: `signup:${address}`,
    address: `signup:${address}:all`,
  });
  const act = createOperatorActions({ db, clock });

  /** What is wrong with the form before anything is read, field by field. */
  function formProblem(form: SignupForm): SignupAnswer | undefined {
    if (!USERNAME.test(form.username))
      return refusal('username', 'A username is 3 to 32 letters, digits or . _ -');
    const password = passwordProblem(form.password);
    if (password) return refusal('password', password);
    const name = form.name.trim();
    if (name.length < 2 || name.length > 64) return refusal('name', 'Enter your name');
    if (!MOBILE.test(form.mobile))
      return refusal('mobile', 'A mobile number is 10 digits, starting with 6, 7, 8 or 9');
    return undefined;
  }

  /** The request sent by a visitor, or why not. */
  async function request(form: SignupForm): Promise<SignupAnswer> {
    const problem = formProblem(form);
    if (problem) return problem;
    const now = clock.now();
    const keys = keysOf(form.socketAddress);
    const blockedUntil = await throttle.blockedUntil(keys);
    if (blockedUntil > now.getTime())
      return {
        ok: false,
        kind: 'throttled',
        retryAfterS: Math.ceil((blockedUntil - now.getTime()) / 1000),
      };
    const failed = async (answer: SignupAnswer) => {
      await throttle.recordFailure(keys, now);
      return answer;
    };

    const typed = (form.referralCode ?? '').trim();
    if (typed === '') return failed(refusal('referralCode', SIGNUP_TEXT.noCode));
    const code = normalReferralCode(typed);
    const agent = code === undefined ? undefined : await sq.findReferrer(db, code);
    if (!agent) return failed(refusal('referralCode', SIGNUP_TEXT.unknownCode(typed.slice(0, 32))));

    // The same request again (a lost answer, a second tap): the same answer.
    const waiting = await sq.findPending(db, agent.id, form.username);
    if (waiting) {
      const same =
        waiting.mobile === `+91${form.mobile}` &&
        (await passwords.verify(waiting.passwordHash, form.password));
      return same
        ? { ok: true, message: SIGNUP_TEXT.sent(waiting.username) }
        : failed(refusal('username', SIGNUP_TEXT.waiting(waiting.username)));
    }
    if (!(await isFree(form.username)))
      return failed(refusal('username', SIGNUP_TEXT.taken(form.username)));
    if ((await sq.countPending(db, agent.id)) >= MAX_PENDING)
      return refusal(undefined, SIGNUP_TEXT.full);

    const passwordHash = await passwords.hash(form.password);
    const answer = await inTransaction(db, async (tx): Promise<SignupAnswer> => {
      // Claimed again under its lock: a user made since the look above has it.
      if (!(await clients.claimUsername(tx, form.username)))
        return refusal('username', SIGNUP_TEXT.taken(form.username));
      const id = await sq.insertRequest(tx, {
        agentId: agent.id,
        username: form.username,
        passwordHash,
        fullName: form.name.trim(),
        mobile: `+91${form.mobile}`,
        at: now,
      });
      return id === undefined
        ? refusal('username', SIGNUP_TEXT.waiting(form.username))
        : { ok: true, message: SIGNUP_TEXT.sent(form.username) };
    });
    return answer.ok ? answer : failed(answer);
  }

  /** Whether no client and no user above the clients has `username` (one name space). */
  const isFree = (username: string) =>
    inTransaction(db, (tx) => clients.claimUsername(tx, username));

  /** The requests waiting for the actor, oldest first. */
  async function waiting(
    actorId: string,
    page: { skip: number; take: number },
  ): Promise<{ total: number; requests: WaitingRequest[] }> {
    const { total, rows } = await sq.pendingPage(db, actorId, page);
    return {
      total,
      requests: rows.map((row) => ({
        id: row.id,
        username: row.username,
        name: row.fullName,
        mobile: row.mobile,
        createdAt: row.createdAt,
      })),
    };
  }

  const notFound = (id: string): Refusal => ({
    ok: false,
    kind: 'not_found',
    message: SIGNUP_TEXT.notFound(id),
  });

  /**
   * Approves one of the actor's requests with its transaction password: the client is created
   * under the actor, as its create-user would, with a credit reference of 0 and no commission
   * (docs/agents.md#sign-up), in one audited transaction with its Idempotency-Key.
   */
  function approve(
    actorId: string,
    input: { id: string; transactionPassword: string; key?: string | undefined },
  ): Promise<ActionAnswer> {
    return gate.run(actorId, input.transactionPassword, {
      request: () => ({
        action: 'agent.signup-approve',
        target: `signup request ${input.id}`,
        key: input.key,
        body: { id: input.id },
      }),
      work: async (tx, actor) => {
        const found = await sq.lockRequest(tx, actor.id, input.id);
        if (!found) return { answer: notFound(input.id) };
        if (found.status !== 'pending' || found.passwordHash === null)
          return { answer: refused(SIGNUP_TEXT.decided(found.status)) };
        // The actor and its ancestors FOR SHARE, as a creation takes them.
        const chain = await q.lockAgents(tx, [...actor.path, actor.id], 'share');
        const parent = chain.get(actor.id);
        if (!parent) throw new Error(`agent ${actor.id} vanished`);
        if (parent.takesId === null) throw new Error(`agent ${parent.id} has no takes`);
        const created = await clients.createIn(tx, {
          username: found.username,
          passwordHash: found.passwordHash,
          placement: {
            parentId: parent.id,
            path: [...parent.path, parent.id],
            takesId: parent.takesId,
            creditReferencePaise: 0n,
            matchCommissionBp: 0,
            sessionCommissionBp: 0,
          },
        });
        if (created.kind === 'refused')
          return { answer: refused(SIGNUP_TEXT.takenNow(found.username)) };
        await q.copyLocksDown(tx, { clientId: created.clientId });
        await sq.decide(tx, found.id, {
          status: 'approved',
          by: actor.id,
          at: clock.now(),
          clientId: created.clientId,
        });
        return {
          answer: done(SIGNUP_TEXT.approved(found.username)),
          before: { request: found.id, status: 'pending' },
          after: { request: found.id, status: 'approved', client: found.username },
        };
      },
    });
  }

  /** Declines one of the actor's requests: audited, with its Idempotency-Key; its password is dropped. */
  async function decline(
    actorId: string,
    input: { id: string; key?: string | undefined },
  ): Promise<ActionAnswer> {
    const actor = await gate.actorOf(actorId);
    const answer = await act(
      {
        actor: `agent:${actor.username}`,
        action: 'agent.signup-decline',
        target: `signup request ${input.id}`,
        key: input.key,
        body: { id: input.id },
      },
      async (tx) => {
        const outcome = await declineIn(tx, actor.id, input.id);
        return {
          answer: {
            Status: outcome.answer.ok,
            Result: outcome.answer.message,
            outcome: outcome.answer,
          },
          ...(outcome.found
            ? {
                before: { request: input.id, status: 'pending' },
                after: { request: input.id, status: 'declined' },
              }
            : {}),
        };
      },
    );
    return answer.outcome;
  }

  async function declineIn(
    tx: Tx,
    actorId: string,
    id: string,
  ): Promise<{ answer: ActionAnswer; found: boolean }> {
    const found = await sq.lockRequest(tx, actorId, id);
    if (!found) return { answer: notFound(id), found: false };
    if (found.status !== 'pending')
      return { answer: refused(SIGNUP_TEXT.decided(found.status)), found: false };
    await sq.decide(tx, found.id, { status: 'declined', by: actorId, at: clock.now() });
    return { answer: done(SIGNUP_TEXT.declined(found.username)), found: true };
  }

  return { request, waiting, approve, decline };
}

export type Signups = ReturnType<typeof createSignups>;
