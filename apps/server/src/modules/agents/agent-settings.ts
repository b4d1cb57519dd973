import { commissionRateCheck } from '@backlay/domain';
import type { Clock } from '../../seams.js';
import type { PasswordHasher } from '../auth/password.js';
import { SESSION_END } from '../auth/session-end.js';
import {
  AGENTS_TEXT,
  done,
  invalid,
  passwordProblem,
  percentText,
  refused,
  rupeesText,
  type ActionAnswer,
  type AgentGate,
  type AgentRequest,
  type AgentWork,
  type Refusal,
} from './agent-actions.js';
import * as sessions from './agent-sessions.queries.js';
import * as q from './agents.queries.js';
import { writeTakesVersions } from './partnership.js';
import { lockTarget, targetName, type LockedTarget } from './tree.js';
import type { Tx } from '../../db/pool.js';

/*
 * The settings a parent gives its downline (docs/agents.md#controls): credit reference,
 * partnership, commission rates, a client's exposure limit, locks and passwords. Each is one
 * audited transaction that locks the target's ancestors FOR SHARE and an agent target FOR
 * UPDATE, top down, so that a bound read is a bound kept.
 */

/** The target of a setting and the caller's proof. */
export interface SettingInput {
  readonly username: string;
  readonly transactionPassword: string;
  readonly key?: string | undefined;
}

export type LockKind = 'login' | 'betting';

const isShare = (bp: number) => Number.isInteger(bp) && bp >= 0 && bp <= 10_000;

const whose = (actor: q.AgentRow, parent: q.AgentRow) =>
  parent.id === actor.id ? 'your own' : `${parent.username}'s`;

export interface AgentSettingsDeps {
  readonly gate: AgentGate;
  readonly clock: Clock;
  readonly passwords: PasswordHasher;
}

export function createAgentSettings(deps: AgentSettingsDeps) {
  const { gate, clock, passwords } = deps;

  /** A setting of a target below the actor: locked, then `change`d; `prepare` outside. */
  function setting<P = null>(
    actorId: string,
    input: SettingInput,
    action: string,
    body: Record<string, unknown>,
    change: (tx: Tx, locked: LockedTarget, actor: q.AgentRow, prepared: P) => Promise<AgentWork>,
    prepare?: () => Promise<P | Refusal>,
  ): Promise<ActionAnswer> {
    const request = (): AgentRequest => ({
      action: `agent.${action}`,
      target: input.username,
      key: input.key,
      body: { username: input.username, ...body },
    });
    return gate.run<P>(actorId, input.transactionPassword, {
      ...(prepare ? { prepare } : {}),
      request,
      work: async (tx, actor, prepared) => {
        const locked = await lockTarget(tx, actor, input.username);
        if ('ok' in locked) return { answer: locked };
        return change(tx, locked, actor, prepared);
      },
    });
  }

  return {
    /** What the actor has lent the target (docs/agents.md#credit-reference); moves no chips. */
    setCreditReference: (
      actorId: string,
      input: SettingInput & { readonly creditReferencePaise: bigint },
    ) =>
      setting(
        actorId,
        input,
        'credit-reference',
        { creditReferencePaise: input.creditReferencePaise.toString() },
        async (tx, { target }) => {
          const value = input.creditReferencePaise.toString();
          const before =
            target.kind === 'agent'
              ? target.agent.creditReferencePaise
              : target.client.creditReferencePaise;
          if (target.kind === 'agent')
            await q.updateAgent(tx, target.agent.id, { credit_reference_paise: value });
          else await q.updateClient(tx, target.client.id, { credit_reference_paise: value });
          return {
            answer: done(
              `Credit reference of ${targetName(target)} set to ${rupeesText(input.creditReferencePaise)}`,
            ),
            before: { creditReferencePaise: before },
            after: { creditReferencePaise: input.creditReferencePaise },
          };
        },
        () =>
          Promise.resolve(
            input.creditReferencePaise >= 0n
              ? null
              : invalid('creditReference', 'A credit reference cannot be negative'),
          ),
      ),

    /**
     * A user's partnership (docs/agents.md#partnership): at most its parent's, at least each of
     * its children's. A change writes a new takes version for the user and every agent below
     * it, and moves their clients' next bets to it; open bets keep the version they were placed under.
     */
    setPartnership: (actorId: string, input: SettingInput & { readonly partnershipBp: number }) =>
      setting(
        actorId,
        input,
        'partnership',
        { partnershipBp: input.partnershipBp },
        async (tx, { target, parent }, actor) => {
          const bp = input.partnershipBp;
          if (target.kind === 'client')
            return { answer: invalid('partnership', 'A client has no partnership') };
          const agent = target.agent;
          if (bp > parent.partnershipBp)
            return {
              answer: invalid(
                'partnership',
                `A partnership of ${percentText(bp)} is above ${whose(actor, parent)} ${percentText(parent.partnershipBp)}`,
              ),
            };
          // After the target's lock, in a statement of its own: every agent below, as it is now.
          const below = await q.lockSubtreeAgents(tx, agent.id);
          const higher = below
            .filter((child) => child.parentId === agent.id && child.partnershipBp > bp)
            .sort((a, b) => b.partnershipBp - a.partnershipBp)[0];
          if (higher)
            return {
              answer: refused(
                `${higher.username} has a partnership of ${percentText(higher.partnershipBp)}, above ${percentText(bp)}: ${AGENTS_TEXT.lowerChildren}`,
              ),
            };
          if (bp === agent.partnershipBp)
            return {
              answer: done(`The partnership of ${agent.username} is ${percentText(bp)} already`),
            };
          await q.updateAgent(tx, agent.id, { partnership_bp: bp });
          const changed = { ...agent, partnershipBp: bp };
          const written = await writeTakesVersions(
            tx,
            agent.id,
            [changed, ...below],
            [],
            clock.now(),
          );
          return {
            answer: done(`Partnership of ${agent.username} set to ${percentText(bp)}`),
            before: { partnershipBp: agent.partnershipBp },
            after: { partnershipBp: bp, ...written },
          };
        },
        () =>
          Promise.resolve(
            isShare(input.partnershipBp)
              ? null
              : invalid('partnership', 'A partnership is 0 to 100 % with at most two decimals'),
          ),
      ),

    /**
     * A user's match and session commission (docs/agents.md#commission): each at most its
     * parent's; an agent's at least each of its children's.
     */
    setCommission: (
      actorId: string,
      input: SettingInput & {
        readonly matchCommissionBp: number;
        readonly sessionCommissionBp: number;
      },
    ) =>
      setting(
        actorId,
        input,
        'commission',
        {
          matchCommissionBp: input.matchCommissionBp,
          sessionCommissionBp: input.sessionCommissionBp,
        },
        async (tx, { target, parent }) => {
          const match = commissionRateCheck(input.matchCommissionBp, parent.matchCommissionBp);
          if (!match.ok) return { answer: invalid('matchCommission', match.message) };
          const session = commissionRateCheck(
            input.sessionCommissionBp,
            parent.sessionCommissionBp,
          );
          if (!session.ok) return { answer: invalid('sessionCommission', session.message) };
          const rates = {
            match_commission_bp: input.matchCommissionBp,
            session_commission_bp: input.sessionCommissionBp,
          };
          const current = target.kind === 'agent' ? target.agent : target.client;
          const before = {
            matchCommissionBp: current.matchCommissionBp,
            sessionCommissionBp: current.sessionCommissionBp,
          };
          if (target.kind === 'agent') {
            const children = await q.childrenMaxima(tx, target.agent.id);
            for (const [name, child, rate] of [
              ['match', children.matchCommissionBp, input.matchCommissionBp],
              ['session', children.sessionCommissionBp, input.sessionCommissionBp],
            ] as const)
              if (child > rate)
                return {
                  answer: refused(
                    `A child of ${target.agent.username} has a ${name} commission of ${percentText(child)}, above ${percentText(rate)}: ${AGENTS_TEXT.lowerChildren}`,
                  ),
                };
            await q.updateAgent(tx, target.agent.id, rates);
          } else await q.updateClient(tx, target.client.id, rates);
          return {
            answer: done(
              `Commission of ${targetName(target)} set to ${percentText(input.matchCommissionBp)} match, ${percentText(input.sessionCommissionBp)} session`,
            ),
            before,
            after: {
              matchCommissionBp: input.matchCommissionBp,
              sessionCommissionBp: input.sessionCommissionBp,
            },
          };
        },
      ),

    /** A client's exposure limit in paise (null: none); bet_place refuses past it. */
    setExposureLimit: (
      actorId: string,
      input: SettingInput & { readonly exposureLimitPaise: bigint | null },
    ) =>
      setting(
        actorId,
        input,
        'exposure-limit',
        { exposureLimitPaise: input.exposureLimitPaise?.toString() ?? null },
        async (tx, { target }) => {
          if (target.kind !== 'client')
            return { answer: invalid('exposureLimit', 'Only a client has an exposure limit') };
          const limit = input.exposureLimitPaise;
          await q.updateClient(tx, target.client.id, {
            exposure_limit_paise: limit === null ? null : limit.toString(),
          });
          return {
            answer: done(
              limit === null
                ? `Exposure limit of ${target.client.username} removed`
                : `Exposure limit of ${target.client.username} set to ${rupeesText(limit)}`,
            ),
            before: { exposureLimitPaise: target.client.exposureLimitPaise },
            after: { exposureLimitPaise: limit },
          };
        },
        () =>
          Promise.resolve(
            input.exposureLimitPaise === null || input.exposureLimitPaise >= 0n
              ? null
              : invalid('exposureLimit', 'An exposure limit cannot be negative'),
          ),
      ),

    /**
     * Locks or unlocks a user's login or betting (docs/agents.md#controls). An agent's lock holds
     * for its whole downline: copied down to its clients' flags here, read on the path for its
     * agents. A login lock ends the sessions of the user and of everyone below it.
     */
    setLock: (
      actorId: string,
      input: SettingInput & { readonly kind: LockKind; readonly locked: boolean },
    ) =>
      setting(
        actorId,
        input,
        'lock',
        { kind: input.kind, locked: input.locked },
        async (tx, { target }) => {
          const at = clock.now();
          const value = input.locked ? at : null;
          const column = input.kind === 'login' ? 'login_locked_at' : 'betting_locked_at';
          const row = target.kind === 'agent' ? target.agent : target.client;
          const wasLocked =
            (input.kind === 'login' ? row.loginLockedAt : row.bettingLockedAt) !== null;
          const name = targetName(target);
          const verb = `${input.kind === 'login' ? 'Login' : 'Betting'} of ${name}`;
          if (wasLocked === input.locked)
            return { answer: done(`${verb} is ${input.locked ? 'locked' : 'unlocked'} already`) };
          let ended = 0;
          if (target.kind === 'agent') {
            await q.updateAgent(tx, target.agent.id, { [column]: value });
            await q.copyLocksDown(tx, { rootId: target.agent.id });
            if (input.kind === 'login' && input.locked) {
              ended += await sessions.revokeAgentSessions(tx, target.agent.id, at, true);
              ended += await sessions.revokeClientSessions(
                tx,
                { rootId: target.agent.id },
                at,
                SESSION_END.accountLocked,
              );
            }
          } else {
            await q.updateClient(tx, target.client.id, { [column]: value });
            if (input.kind === 'login' && input.locked)
              ended += await sessions.revokeClientSessions(
                tx,
                { clientId: target.client.id },
                at,
                SESSION_END.accountLocked,
              );
          }
          return {
            answer: done(`${verb} ${input.locked ? 'locked' : 'unlocked'}`),
            before: { [input.kind]: wasLocked },
            after: { [input.kind]: input.locked, sessionsEnded: ended },
          };
        },
      ),

    /** A new password for a user below the actor: its sessions end. */
    resetPassword: (actorId: string, input: SettingInput & { readonly password: string }) =>
      setting<string>(
        actorId,
        input,
        'reset-password',
        {},
        async (tx, { target }, _actor, passwordHash) => {
          const at = clock.now();
          let ended: number;
          if (target.kind === 'agent') {
            await q.updateAgent(tx, target.agent.id, { password_hash: passwordHash });
            ended = await sessions.revokeAgentSessions(tx, target.agent.id, at, false);
          } else {
            await q.updateClient(tx, target.client.id, { password_hash: passwordHash });
            ended = await sessions.revokeClientSessions(
              tx,
              { clientId: target.client.id },
              at,
              SESSION_END.passwordChanged,
            );
          }
          return {
            answer: done(`Password of ${targetName(target)} set`),
            after: { sessionsEnded: ended },
          };
        },
        async () => {
          const problem = passwordProblem(input.password);
          return problem ? invalid('password', problem) : passwords.hash(input.password);
        },
      ),
  };
}

export type AgentSettings = ReturnType<typeof createAgentSettings>;
