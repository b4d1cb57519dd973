import { AGENT_LEVELS, canCreate, commissionRateCheck, type AgentLevel } from '@backlay/domain';
import type { Clock, Random } from '../../seams.js';
import type { PasswordHasher } from '../auth/password.js';
import type { ClientsService } from '../clients/clients.service.js';
import { openAgentAccount } from '../wallet/wallet.service.js';
import {
  done,
  invalid,
  passwordProblem,
  percentText,
  type ActionAnswer,
  type AgentGate,
  type Refusal,
} from './agent-actions.js';
import * as q from './agents.queries.js';
import { writeTakesVersions } from './partnership.js';
import { newReferralCode } from './referral-code.js';

/** A new user below the actor (docs/agents.md#levels). */
export interface NewUser {
  readonly level: AgentLevel;
  readonly username: string;
  readonly password: string;
  readonly creditReferencePaise: bigint;
  /** Required above the clients, absent for a client: at most the actor's. */
  readonly partnershipBp?: number | undefined;
  /** Each at most the actor's own (docs/agents.md#commission). */
  readonly matchCommissionBp: number;
  readonly sessionCommissionBp: number;
  readonly transactionPassword: string;
  readonly key?: string | undefined;
}

const USERNAME = /^[A-Za-z0-9_.-]{3,32}$/;

const isShare = (bp: number) => Number.isInteger(bp) && bp >= 0 && bp <= 10_000;

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** "an agent", "a master". */
const aOrAn = (word: string) => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;

/** What is wrong with creating `user` under `actor`, field by field, or undefined. */
export function creationProblem(actor: q.AgentRow, user: NewUser): Refusal | undefined {
  if (!USERNAME.test(user.username))
    return invalid('username', 'A username is 3 to 32 letters, digits or . _ -');
  const password = passwordProblem(user.password);
  if (password) return invalid('password', password);
  if (!AGENT_LEVELS.includes(user.level) || !canCreate(actor.level, user.level))
    return invalid(
      'level',
      `${capitalised(aOrAn(actor.level))} cannot create ${aOrAn(user.level)}`,
    );
  if (user.creditReferencePaise < 0n)
    return invalid('creditReference', 'A credit reference cannot be negative');
  if (user.level === 'client') {
    if (user.partnershipBp !== undefined)
      return invalid('partnership', 'A client has no partnership');
  } else {
    if (user.partnershipBp === undefined)
      return invalid('partnership', `${capitalised(aOrAn(user.level))} needs a partnership`);
    if (!isShare(user.partnershipBp))
      return invalid('partnership', 'A partnership is 0 to 100 % with at most two decimals');
    if (user.partnershipBp > actor.partnershipBp)
      return invalid(
        'partnership',
        `A partnership of ${percentText(user.partnershipBp)} is above your own ${percentText(actor.partnershipBp)}`,
      );
  }
  const match = commissionRateCheck(user.matchCommissionBp, actor.matchCommissionBp);
  if (!match.ok) return invalid('matchCommission', match.message);
  const session = commissionRateCheck(user.sessionCommissionBp, actor.sessionCommissionBp);
  if (!session.ok) return invalid('sessionCommission', session.message);
  return undefined;
}

export interface CreateUserDeps {
  readonly gate: AgentGate;
  readonly clock: Clock;
  readonly random: Random;
  readonly passwords: PasswordHasher;
  readonly clients: Pick<ClientsService, 'createIn' | 'claimUsername'>;
}

/** Draws of a referral code before giving up: two alike in a row is all but impossible. */
const CODE_DRAWS = 5;

/**
 * Creates a user one or more levels below the actor, in one audited transaction: an agent with
 * its account, wallet and the first takes of its clients; or a client with its wallet, under the
 * actor's current takes and locks. The username is free among agents and clients alike.
 */
export function createUserCreation(deps: CreateUserDeps) {
  const { gate, clock, random, passwords, clients } = deps;
  return (actorId: string, user: NewUser): Promise<ActionAnswer> =>
    gate.run(actorId, user.transactionPassword, {
      prepare: async (actor) => creationProblem(actor, user) ?? passwords.hash(user.password),
      request: () => ({
        action: 'agent.create-user',
        target: user.username,
        key: user.key,
        body: {
          level: user.level,
          username: user.username,
          creditReferencePaise: user.creditReferencePaise.toString(),
          partnershipBp: user.partnershipBp ?? null,
          matchCommissionBp: user.matchCommissionBp,
          sessionCommissionBp: user.sessionCommissionBp,
        },
      }),
      work: async (tx, actor, passwordHash) => {
        const at = clock.now();
        // The actor and its ancestors FOR SHARE: no partnership, rate, takes or lock above the
        // new user changes until it is in place (such a change then sees it).
        const chain = await q.lockAgents(tx, [...actor.path, actor.id], 'share');
        const parent = chain.get(actor.id);
        if (!parent) throw new Error(`agent ${actor.id} vanished`);
        const problem = creationProblem(parent, user);
        if (problem) return { answer: problem };
        const taken = invalid('username', `Username '${user.username}' is taken`);
        if (user.level !== 'client' && !(await clients.claimUsername(tx, user.username)))
          return { answer: taken };
        const path = [...parent.path, parent.id];
        const after = {
          level: user.level,
          parent: parent.username,
          creditReferencePaise: user.creditReferencePaise,
          partnershipBp: user.partnershipBp ?? null,
          matchCommissionBp: user.matchCommissionBp,
          sessionCommissionBp: user.sessionCommissionBp,
        };
        if (user.level === 'client') {
          if (parent.takesId === null) throw new Error(`agent ${parent.id} has no takes`);
          const created = await clients.createIn(tx, {
            username: user.username,
            passwordHash,
            placement: {
              parentId: parent.id,
              path,
              takesId: parent.takesId,
              creditReferencePaise: user.creditReferencePaise,
              matchCommissionBp: user.matchCommissionBp,
              sessionCommissionBp: user.sessionCommissionBp,
            },
          });
          if (created.kind === 'refused') return { answer: taken };
          await q.copyLocksDown(tx, { clientId: created.clientId });
          return { answer: done(`Created client ${user.username}`), after };
        }
        if (user.level === 'admin' || user.partnershipBp === undefined)
          throw new Error('checked by creationProblem');
        // Its referral code (docs/agents.md#sign-up), drawn again when another user has it.
        let inserted: Awaited<ReturnType<typeof q.insertAgent>> = 'code-taken';
        for (let draw = 0; draw < CODE_DRAWS && inserted === 'code-taken'; draw += 1)
          inserted = await q.insertAgent(tx, {
            username: user.username,
            passwordHash,
            level: user.level,
            parentId: parent.id,
            path,
            partnershipBp: user.partnershipBp,
            matchCommissionBp: user.matchCommissionBp,
            sessionCommissionBp: user.sessionCommissionBp,
            creditReferencePaise: user.creditReferencePaise,
            referralCode: newReferralCode(random),
            at,
          });
        if (inserted === 'taken') return { answer: taken };
        if (inserted === 'code-taken') throw new Error('no free referral code after five draws');
        const agentId = inserted.id;
        await openAgentAccount(tx, agentId);
        const created = await q.findAgent(tx, agentId);
        if (!created) throw new Error(`agent ${agentId} vanished`);
        await writeTakesVersions(tx, agentId, [created], [...chain.values()], at);
        return { answer: done(`Created ${user.level} ${user.username}`), after };
      },
    });
}
