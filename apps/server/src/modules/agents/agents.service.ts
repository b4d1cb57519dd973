import { commissionRateCheck } from '@backlay/domain';
import type { LoginThrottleConfig } from '../../config.js';
import { inTransaction, type Db } from '../../db/pool.js';
import type { Clock, Random } from '../../seams.js';
import type { PasswordHasher } from '../auth/password.js';
import type { ClientsService } from '../clients/clients.service.js';
import {
  AGENTS_TEXT,
  createAgentGate,
  done,
  invalid,
  percentText,
  refused,
  type ActionAnswer,
} from './agent-actions.js';
import { createUserCreation } from './agent-create.js';
import { createAgentMoney } from './agent-money.js';
import { createAgentReports } from './agent-reports.js';
import { createAgentSettings } from './agent-settings.js';
import * as q from './agents.queries.js';
import { createDownline } from './downline.js';
import { createSignups } from './signup.js';
import { isInSubtree, subtreeOf } from './tree.js';

export interface AgentsServiceDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
  readonly passwords: PasswordHasher;
  /** The transaction password's throttle: the logins' settings. */
  readonly throttle: LoginThrottleConfig;
  readonly clients: Pick<ClientsService, 'createIn' | 'claimUsername'>;
  /** REPORT_TZ: the reads' report days are calendar days of this zone (docs/decisions.md#api). */
  readonly reportTz: string;
}

/**
 * The agent network (docs/agents.md): the users above the clients, the tree, partnerships and
 * their takes' versions, commission settings, credit references, locks, exposure limits, chips
 * between parents and children, and the transaction password. Every action takes the acting
 * user's id and its target by username, below the actor only; money and control actions take
 * the transaction password and run in one audited transaction with their Idempotency-Key; reads
 * (P/L, book, bets, statements, commission) are scoped the same way. Logins and sessions:
 * agent-auth.ts.
 */
export function createAgentsService(deps: AgentsServiceDeps) {
  const { db, clock, random, passwords } = deps;
  const gate = createAgentGate({ db, clock, passwords, throttle: deps.throttle });
  const money = createAgentMoney({ gate, clock, random });
  const settings = createAgentSettings({ gate, clock, passwords });
  const reads = createDownline(db);
  const reports = createAgentReports({ db, clock, reportTz: deps.reportTz });
  const signups = createSignups({
    db,
    clock,
    gate,
    passwords,
    throttle: deps.throttle,
    clients: deps.clients,
  });

  return {
    createUser: createUserCreation({ gate, clock, random, passwords, clients: deps.clients }),
    downline: reads.downline,
    me: reads.me,

    // What the actor reads of its subtree (agent-reports.ts, docs/agents.md#reads).
    pl: reports.pl,
    plByUser: reports.plByUser,
    book: reports.book,
    bookUsers: reports.bookUsers,
    bets: reports.bets,
    statement: reports.statement,
    commission: reports.commission,

    deposit: money.deposit,
    withdraw: money.withdraw,
    clearPl: money.clearPl,

    setCreditReference: settings.setCreditReference,
    setPartnership: settings.setPartnership,
    setCommission: settings.setCommission,
    setExposureLimit: settings.setExposureLimit,
    setLock: settings.setLock,
    resetPassword: settings.resetPassword,

    // Sign-up through an agent (signup.ts, docs/agents.md#sign-up): a visitor's request, and the
    // actor's own requests read, approved and declined.
    requestSignup: signups.request,
    signupRequests: signups.waiting,
    approveSignup: signups.approve,
    declineSignup: signups.decline,

    setTransactionPassword: gate.setTransactionPassword,
    checkTransactionPassword: gate.checkTransactionPassword,

    /** Every agent and client below the actor, by id. */
    subtreeOf: (actorId: string) => subtreeOf(db, actorId),
    /** Whether `username` names a user below the actor. */
    isInSubtree: (actorId: string, username: string) => isInSubtree(db, actorId, username),

    /**
     * The admin's own commission rates, the bound of every rate below (docs/agents.md#commission);
     * set by the operator, as the admin changes none of its own settings. At least each of its
     * children's.
     */
    async setAdminCommission(rates: {
      matchCommissionBp: number;
      sessionCommissionBp: number;
    }): Promise<ActionAnswer> {
      for (const [field, rate] of [
        ['matchCommission', rates.matchCommissionBp],
        ['sessionCommission', rates.sessionCommissionBp],
      ] as const) {
        const check = commissionRateCheck(rate, 10_000);
        if (!check.ok) return invalid(field, check.message);
      }
      return inTransaction(db, async (tx) => {
        const admin = await q.findAdmin(tx);
        await q.lockAgents(tx, [admin.id], 'update');
        const children = await q.childrenMaxima(tx, admin.id);
        if (
          children.matchCommissionBp > rates.matchCommissionBp ||
          children.sessionCommissionBp > rates.sessionCommissionBp
        )
          return refused(
            `A child of the admin has a higher commission (${percentText(children.matchCommissionBp)} match, ${percentText(children.sessionCommissionBp)} session): ${AGENTS_TEXT.lowerChildren}`,
          );
        await q.updateAgent(tx, admin.id, {
          match_commission_bp: rates.matchCommissionBp,
          session_commission_bp: rates.sessionCommissionBp,
        });
        return done(
          `The admin's commission is ${percentText(rates.matchCommissionBp)} match, ${percentText(rates.sessionCommissionBp)} session`,
        );
      });
    },

    /** The admin's id (the CLI and the tests act as the admin). */
    adminId: async (): Promise<string> => (await q.findAdmin(db)).id,
  };
}

export type AgentsService = ReturnType<typeof createAgentsService>;
