import { referencePl } from '@backlay/domain';
import type { Db } from '../../db/pool.js';
import {
  accountOfAgent,
  clientWallets,
  subtreeTotals,
  walletOfAccount,
} from '../wallet/agent-wallets.js';
import { invalid, type Refusal } from './agent-actions.js';
import * as q from './agents.queries.js';
import { findTarget } from './tree.js';
import * as tree from './tree.queries.js';

/*
 * What a user sees of its downline (docs/agents.md#credit-reference, #controls): its direct
 * children, or those of a user below it, with their balances. Three statements a page whatever
 * its size: the children, the agents' subtree totals, the clients' wallets.
 */

/** One direct child, money in paise. */
export interface DownlineUser {
  readonly level: q.AgentLevelAbove | 'client';
  readonly username: string;
  readonly creditReferencePaise: bigint;
  /** A client's credit + PL; an agent's own balance plus every balance of its downline. */
  readonly balancePaise: bigint;
  /** A client's wallet exposure; for an agent, that of every client below it. */
  readonly exposurePaise: bigint;
  /** What its parent may withdraw: a client's balance − exposure, an agent's own balance. */
  readonly freeBalancePaise: bigint;
  /** balance − credit reference: + the child (with its downline) is up. */
  readonly referencePlPaise: bigint;
  /** Null for a client. */
  readonly partnershipBp: number | null;
  readonly matchCommissionBp: number;
  readonly sessionCommissionBp: number;
  /** Null: none (and always above the clients). */
  readonly exposureLimitPaise: bigint | null;
  /** Its own lock or an ancestor's. */
  readonly loginLocked: boolean;
  readonly bettingLocked: boolean;
  readonly createdAt: Date;
}

export interface Downline {
  /** From the actor down to the user whose children these are. */
  readonly breadcrumb: readonly { username: string; level: q.AgentLevelAbove }[];
  readonly total: number;
  readonly users: readonly DownlineUser[];
}

export interface DownlineFilter {
  /** A user below the actor whose children to list; the actor's own when absent. */
  readonly parentUsername?: string | undefined;
  /** Usernames starting with this, in any case. */
  readonly search?: string | undefined;
  readonly skip: number;
  readonly take: number;
}

/** The actor's own figures (the back office's header). */
export interface AgentSelf {
  readonly username: string;
  readonly level: q.AgentLevelAbove;
  readonly balancePaise: bigint;
  readonly partnershipBp: number;
  readonly matchCommissionBp: number;
  readonly sessionCommissionBp: number;
  readonly needsTransactionPassword: boolean;
  /** What its clients sign up with (docs/agents.md#sign-up); null for the admin. */
  readonly referralCode: string | null;
}

export function createDownline(db: Db) {
  return {
    downline: async (
      actorId: string,
      filter: DownlineFilter,
    ): Promise<({ ok: true } & Downline) | Refusal> => {
      const actor = await q.findAgent(db, actorId);
      if (!actor) throw new Error(`no agent ${actorId}`);
      let parent = actor;
      const asked = filter.parentUsername;
      if (asked !== undefined && asked.toLowerCase() !== actor.username.toLowerCase()) {
        const found = await findTarget(db, actor, asked);
        if ('ok' in found) return found;
        if (found.kind === 'client')
          return invalid(
            'parentUsername',
            `${found.client.username} is a client: it has no downline`,
          );
        parent = found.agent;
      }
      const page = await tree.childrenPage(db, {
        parentId: parent.id,
        search: filter.search,
        skip: filter.skip,
        take: filter.take,
      });
      const agentIds = page.rows.filter((row) => row.kind === 'agent').map((row) => row.id);
      const clientIds = page.rows.filter((row) => row.kind === 'client').map((row) => row.id);
      const [totals, wallets, names] = await Promise.all([
        subtreeTotals(db, agentIds),
        clientWallets(db, clientIds),
        tree.agentNames(db, [
          ...(parent.id === actor.id ? [] : parent.path.slice(parent.path.indexOf(actor.id))),
          parent.id,
        ]),
      ]);
      const users = page.rows.map((row): DownlineUser => {
        const settings = {
          level: row.level,
          username: row.username,
          creditReferencePaise: row.creditReferencePaise,
          partnershipBp: row.partnershipBp,
          matchCommissionBp: row.matchCommissionBp,
          sessionCommissionBp: row.sessionCommissionBp,
          exposureLimitPaise: row.exposureLimitPaise,
          loginLocked: row.loginLocked,
          bettingLocked: row.bettingLocked,
          createdAt: row.createdAt,
        };
        if (row.kind === 'client') {
          const wallet = wallets.get(row.id);
          const balance = wallet?.balance ?? 0n;
          return {
            ...settings,
            balancePaise: balance,
            exposurePaise: wallet?.exposure ?? 0n,
            freeBalancePaise: wallet?.mainBalance ?? 0n,
            referencePlPaise: referencePl(balance, row.creditReferencePaise),
          };
        }
        const sums = totals.get(row.id);
        const balance = (sums?.ownPaise ?? 0n) + (sums?.downlinePaise ?? 0n);
        return {
          ...settings,
          balancePaise: balance,
          exposurePaise: sums?.downlineExposurePaise ?? 0n,
          freeBalancePaise: sums?.ownPaise ?? 0n,
          referencePlPaise: referencePl(balance, row.creditReferencePaise),
        };
      });
      return {
        ok: true,
        breadcrumb: names.map(({ username, level }) => ({ username, level })),
        total: page.total,
        users,
      };
    },

    /** The actor's own settings and balance (the admin's is the house's). */
    me: async (actorId: string): Promise<AgentSelf> => {
      const actor = await q.findAgent(db, actorId);
      if (!actor) throw new Error(`no agent ${actorId}`);
      const account = await accountOfAgent(db, actor.id);
      if (!account) throw new Error(`agent ${actor.id} has no account`);
      const own = (await walletOfAccount(db, account)).balance;
      return {
        username: actor.username,
        level: actor.level,
        balancePaise: own,
        partnershipBp: actor.partnershipBp,
        matchCommissionBp: actor.matchCommissionBp,
        sessionCommissionBp: actor.sessionCommissionBp,
        needsTransactionPassword: actor.transactionPasswordHash === null,
        referralCode: actor.referralCode,
      };
    },
  };
}

export type DownlineReads = ReturnType<typeof createDownline>;
