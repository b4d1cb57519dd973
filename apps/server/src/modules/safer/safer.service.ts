import type { LimitWire, SaferSettings, SessionSummary } from '@backlay/contract/safer';
import {
  exclusionEnd,
  exclusionKindOf,
  instantText,
  LIMIT_LABELS,
  limitChange,
  limitIsMoney,
  type ExclusionPeriod,
  type LimitKind,
} from '@backlay/domain';
import { inTransaction, type Db, type Tx } from '../../db/pool.js';
import { rupeesWire } from '../../money.js';
import type { Clock } from '../../seams.js';
import type { AuthService } from '../auth/auth.service.js';
import { netLossOf, readWallet } from '../wallet/wallet.service.js';
import { SESSION_END } from '../auth/session-end.js';
import { limitAmountText, SAFER_ANSWERS, stakeRefusals } from './safer-answers.js';
import * as q from './safer.queries.js';

export interface SaferServiceDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly auth: Pick<AuthService, 'endSessionsIn' | 'limitSessionsIn' | 'sessionTimes'>;
  /** REPORT_TZ: the loss limits' periods are its calendar days, weeks and months. */
  readonly reportTz: string;
}

/** What a client's setting or an operator's command answers. */
export type SaferOutcome = { readonly ok: boolean; readonly message: string };

/** A limit's amount from the wire (whole rupees or minutes) to its stored unit (paise or minutes). */
const stored = (kind: LimitKind, amount: number): bigint =>
  limitIsMoney(kind) ? BigInt(amount) * 100n : BigInt(amount);
/** …and back. */
const wired = (kind: LimitKind, amount: bigint | null): number | null =>
  amount === null ? null : limitIsMoney(kind) ? Number(amount / 100n) : Number(amount);

/**
 * Safer betting (docs/safer-gambling.md): the client's limits (lowered at once, raised or removed
 * after 24 hours, never above the operator's ceiling), the reality check's interval, time-outs and
 * self-exclusions, and the check of a stake against the limits for the casino and matka (bets
 * are checked inside bet_place).
 */
export function createSaferService(deps: SaferServiceDeps) {
  const { db, clock, auth, reportTz } = deps;
  const refusalsJson = JSON.stringify(stakeRefusals(reportTz));
  const when = (at: Date) => instantText(at, reportTz);

  async function limitsWire(dbOrTx: Db | Tx, clientId: string, at: Date): Promise<LimitWire[]> {
    const [states, exposure] = await Promise.all([
      q.limitStates(dbOrTx, clientId, at, reportTz),
      readWallet(dbOrTx, clientId).then((wallet) => wallet.exposure),
    ]);
    return states.map((state) => {
      // Loss limits with a value: what may still be lost before the period resets, never below 0.
      const room =
        state.loss !== null && state.value !== null ? state.value - state.loss - exposure : null;
      const left = room === null ? null : rupeesWire(room > 0n ? room : 0n);
      return {
        kind: state.kind,
        value: wired(state.kind, state.value),
        own: wired(state.kind, state.own),
        pending: state.pending && {
          value: wired(state.kind, state.pending.value),
          from: state.pending.from.toISOString(),
        },
        ceiling: wired(state.kind, state.ceiling),
        left,
        resetsAt: room === null ? null : (state.resetsAt?.toISOString() ?? null),
      };
    });
  }

  async function settings(clientId: string, sessionId: string): Promise<SaferSettings> {
    const at = clock.now();
    const [limits, realityCheck, times] = await Promise.all([
      limitsWire(db, clientId, at),
      q.realityCheckOf(db, clientId),
      auth.sessionTimes(sessionId),
    ]);
    return {
      limits,
      realityCheckMinutes: realityCheck as SaferSettings['realityCheckMinutes'],
      sessionStartedAt: times.startedAt.toISOString(),
      sessionEndsAt: times.endsAt?.toISOString() ?? null,
    };
  }

  return {
    settings,

    /** The client's own setting of one limit (whole rupees or minutes; null: none). */
    async setLimit(
      session: { clientId: string; sessionId: string },
      kind: LimitKind,
      amount: number | null,
    ): Promise<SaferOutcome & { settings?: SaferSettings }> {
      const { clientId } = session;
      const outcome = await inTransaction(db, async (tx): Promise<SaferOutcome> => {
        const at = clock.now();
        await q.lockClient(tx, clientId);
        const { own, ceiling } = await q.ownLimit(tx, clientId, kind, at);
        const requested = amount === null ? null : stored(kind, amount);
        const change = limitChange(
          own === null ? null : Number(own),
          requested === null ? null : Number(requested),
          ceiling === null ? null : Number(ceiling),
          at,
        );
        if (!change.ok) {
          return { ok: false, message: SAFER_ANSWERS.aboveCeiling(kind, Number(ceiling)) };
        }
        if (change.from === 'now') {
          await q.writeOwnLimit(tx, clientId, kind, { value: requested, next: null }, at);
          if (kind === 'session' && requested !== null) {
            await auth.limitSessionsIn(tx, clientId, Number(requested));
          }
          return {
            ok: true,
            message:
              requested === null
                ? SAFER_ANSWERS.noLimit(kind)
                : SAFER_ANSWERS.setNow(kind, Number(requested)),
          };
        }
        await q.writeOwnLimit(
          tx,
          clientId,
          kind,
          { value: own, next: { value: requested, at: change.from } },
          at,
        );
        return {
          ok: true,
          message:
            requested === null
              ? SAFER_ANSWERS.removeLater(kind, when(change.from))
              : SAFER_ANSWERS.raiseLater(kind, Number(requested), when(change.from)),
        };
      });
      return outcome.ok
        ? { ...outcome, settings: await settings(clientId, session.sessionId) }
        : outcome;
    },

    async setRealityCheck(clientId: string, minutes: number | null): Promise<void> {
      await q.writeRealityCheck(db, clientId, minutes);
    },

    /** This session's time, bets and net result, for the reality check. */
    async sessionSummary(clientId: string, sessionId: string): Promise<SessionSummary> {
      const { startedAt } = await auth.sessionTimes(sessionId);
      const now = clock.now();
      const [bets, loss] = await Promise.all([
        q.betsSince(db, clientId, startedAt),
        netLossOf(db, clientId, startedAt, now),
      ]);
      return { startedAt: startedAt.toISOString(), bets, net: rupeesWire(-loss) };
    },

    /** A time-out or a self-exclusion: every session of the client ends at once. */
    async exclude(clientId: string, period: ExclusionPeriod): Promise<string> {
      const at = clock.now();
      const kind = exclusionKindOf(period);
      const until = exclusionEnd(period, at);
      const forget = await inTransaction(db, async (tx) => {
        await q.lockClient(tx, clientId);
        await q.writeExclusion(tx, clientId, { kind, until });
        return auth.endSessionsIn(
          tx,
          clientId,
          kind === 'time_out' ? SESSION_END.timeOut : SESSION_END.selfExcluded,
        );
      });
      forget();
      return kind === 'time_out'
        ? SAFER_ANSWERS.timeOut(when(until!))
        : SAFER_ANSWERS.selfExcluded(until === null ? null : when(until));
    },

    /**
     * Why the client's limits refuse a stake of the casino or matka (docs/safer-gambling.md);
     * null when they do not. Call it on `tx` under the client's wallet lock.
     */
    stakeRefusalIn: (
      tx: Tx,
      check: { clientId: string; held: bigint; added: bigint; stakePaise: bigint },
    ): Promise<string | null> =>
      q.stakeRefusal(tx, { ...check, at: clock.now(), messages: refusalsJson }),

    /** The operator's ceiling of one of a client's limits (whole rupees or minutes; null lifts it). */
    async setCeilingIn(
      tx: Tx,
      username: string,
      kind: LimitKind,
      ceiling: number | null,
    ): Promise<SaferOutcome & { before?: unknown; after?: unknown }> {
      const clientId = await q.lockClientByName(tx, username);
      if (clientId === undefined) return { ok: false, message: `No client named '${username}'` };
      const at = clock.now();
      const before = await q.ownLimit(tx, clientId, kind, at);
      const value = ceiling === null ? null : stored(kind, ceiling);
      await q.writeCeiling(tx, clientId, kind, value, at);
      if (kind === 'session' && value !== null)
        await auth.limitSessionsIn(tx, clientId, Number(value));
      return {
        ok: true,
        message:
          value === null
            ? `${LIMIT_LABELS[kind]} of ${username}: ceiling lifted`
            : `${LIMIT_LABELS[kind]} of ${username}: ceiling ${limitAmountText(kind, Number(value))}`,
        // The limit named, so that the audit log can say rupees or minutes (docs/backoffice.md).
        before: { limit: kind, ceiling: wired(kind, before.ceiling) },
        after: { limit: kind, ceiling },
      };
    },

    /** Lifts a client's self-exclusion once it has ended; a time-out ends by itself. */
    async liftExclusionIn(
      tx: Tx,
      username: string,
    ): Promise<SaferOutcome & { before?: unknown; after?: unknown }> {
      const clientId = await q.lockClientByName(tx, username);
      if (clientId === undefined) return { ok: false, message: `No client named '${username}'` };
      const exclusion = await q.exclusionOf(tx, clientId);
      const now = clock.now();
      if (!exclusion || exclusion.kind !== 'self_exclusion') {
        return { ok: false, message: `${username} has no self-exclusion` };
      }
      if (exclusion.until === null) {
        return {
          ok: false,
          message: `${username} excluded themselves permanently: it cannot be lifted`,
        };
      }
      if (exclusion.until.getTime() > now.getTime()) {
        return {
          ok: false,
          message: `The self-exclusion of ${username} runs until ${when(exclusion.until)}: it can be lifted only after it ends`,
        };
      }
      await q.writeExclusion(tx, clientId, null);
      return {
        ok: true,
        message: `Self-exclusion of ${username} lifted`,
        before: { kind: exclusion.kind, until: exclusion.until.toISOString() },
        after: null,
      };
    },

    /** The back office's view of a client: limits and exclusion. */
    async clientView(clientId: string) {
      const at = clock.now();
      const [limits, exclusion] = await Promise.all([
        limitsWire(db, clientId, at),
        q.exclusionOf(db, clientId),
      ]);
      return {
        limits,
        exclusion: exclusion && {
          kind: exclusion.kind,
          until: exclusion.until?.toISOString() ?? null,
        },
      };
    },
  };
}

export type SaferService = ReturnType<typeof createSaferService>;

/** Why a client's limits refuse a stake of the casino or matka, on the caller's transaction. */
export type StakeRefusal = SaferService['stakeRefusalIn'];
