import type {
  CustomBookmakerBody,
  CustomFancyBody,
  DeclareResultBody,
  LimitCeilingBody,
  MatkaGameBody,
} from '@backlay/contract/ops';
import { rupeesToPaise, type Paise } from '@backlay/domain';
import type { Tx } from '../db/pool.js';
import { badRequest } from '../errors.js';
import type { HubPublisher } from '../hub/hub.js';
import type { MarketPushes } from '../hub/market-pushes.js';
import type { RiskPushes } from '../hub/risk-pushes.js';
import { rupeesWire } from '../money.js';
import type { AuthService } from '../modules/auth/auth.service.js';
import type { CasinoService } from '../modules/casino/casino.service.js';
import { casinoGame } from '../modules/casino/casino.wire.js';
import type { ClientsService } from '../modules/clients/clients.service.js';
import type { MarketsService } from '../modules/markets/markets.service.js';
import type { MatkaService } from '../modules/matka/matka.service.js';
import type { NewsService } from '../modules/news/news.service.js';
import type { SaferService } from '../modules/safer/safer.service.js';
import type { ActionResult, OnCommit } from '../modules/operators/operator-actions.js';
import type { SettlementService } from '../modules/settlement/settlement.service.js';
import type { WalletService } from '../modules/wallet/wallet.service.js';

export interface OperatorCommandsDeps {
  readonly auth: AuthService;
  readonly clients: ClientsService;
  readonly wallet: WalletService;
  readonly news: NewsService;
  readonly publisher: HubPublisher;
  readonly settlement: SettlementService;
  readonly markets: MarketsService;
  readonly pushes: MarketPushes;
  /** Tells the back office that an event's house book changed. */
  readonly risk: RiskPushes;
  readonly matka: MatkaService;
  readonly casino: CasinoService;
  readonly safer: SaferService;
}

/** What every command answers: a message, or a refusal with its reason. */
export type CommandAnswer =
  | { readonly Status: true; readonly Result: string }
  | { readonly Status: false; readonly Result: string };

type Command<I> = (tx: Tx, input: I, onCommit: OnCommit) => Promise<ActionResult<CommandAnswer>>;

const ok = (message: string): CommandAnswer => ({ Status: true, Result: message });
const no = (message: string): CommandAnswer => ({ Status: false, Result: message });
const answerOf = (outcome: { ok: boolean; message: string }): CommandAnswer =>
  outcome.ok ? ok(outcome.message) : no(outcome.message);

function paise(rupees: number): Paise {
  const value = rupeesToPaise(rupees);
  if (value === null) throw badRequest('amount must be rupees with at most two decimals');
  return value;
}

/** A wallet as the audit log keeps it: rupees as text, exact. */
const walletAudit = (wallet: { creditLimit: bigint; mainBalance: bigint }) => ({
  credit: rupeesWire(wallet.creditLimit).toFixed(2),
  mainBalance: rupeesWire(wallet.mainBalance).toFixed(2),
});

/**
 * The operator's commands (docs/backoffice.md), one function each, shared by the CLI's routes
 * (`/api/ops/…`, the operator token) and the back office's (`/api/backoffice/…`, an operator's
 * session): both run them through the operator actions, so both are audited and both honour
 * Idempotency-Key. Money moves on the action's transaction; pushes wait for its commit.
 */
export function createOperatorCommands(deps: OperatorCommandsDeps) {
  const { clients, wallet, settlement, markets, matka, casino } = deps;
  const pushEvent = (eventId: number | undefined, onCommit: OnCommit) => {
    if (eventId !== undefined) onCommit(() => deps.pushes.event(eventId));
  };
  /** A settlement's event, from its market id, fancy selection id or the body's event id. */
  const riskOn = (
    input: { marketId?: string; target?: string; selectionId?: string; eventId?: number },
    onCommit: OnCommit,
  ) => {
    const target = input.marketId ?? input.target ?? input.selectionId ?? '';
    onCommit(async () => {
      // A market's event from the catalog (a provider's id says nothing of it); a session's from its id.
      const eventId =
        input.eventId ?? (await markets.marketEvent(target)) ?? Number(target.split('-')[0]);
      deps.risk.changed(eventId);
    });
  };

  const createClient: Command<{
    username: string;
    passwordHash: string;
    creditLimit?: number | undefined;
  }> = async (tx, input) => {
    const created = await clients.createIn(tx, input);
    if (created.kind === 'refused') return { answer: no(created.message) };
    let message = `Created client ${input.username} (uid ${created.clientId})`;
    let after: unknown = { clientId: created.clientId };
    if (input.creditLimit !== undefined && input.creditLimit > 0) {
      const given = await wallet.transferCreditIn(tx, {
        clientId: created.clientId,
        amount: paise(input.creditLimit),
        remark: 'Opening credit',
      });
      if (given.kind === 'done') {
        message += ` with credit ${rupeesWire(given.wallet.creditLimit).toFixed(2)}`;
        after = { clientId: created.clientId, ...walletAudit(given.wallet) };
      }
    }
    return { answer: ok(message), after };
  };

  const credit: Command<{ username: string; amount: number; remark?: string | undefined }> = async (
    tx,
    input,
    onCommit,
  ) => {
    const clientId = await clients.findId(input.username, tx);
    if (!clientId) return { answer: no(`No client named '${input.username}'`) };
    const outcome = await wallet.transferCreditIn(tx, {
      clientId,
      amount: paise(input.amount),
      remark: input.remark ?? (input.amount > 0 ? 'Credit given' : 'Credit taken'),
    });
    if (outcome.kind === 'refused') return { answer: no(outcome.message) };
    onCommit(() =>
      deps.publisher.toUser(clientId, { target: 'UpdateBalance', payload: { Reason: 'credit' } }),
    );
    const verb = input.amount > 0 ? 'Gave' : 'Took';
    return {
      answer: ok(
        `${verb} ${Math.abs(input.amount).toFixed(2)} ${input.amount > 0 ? 'to' : 'from'} ${input.username}: credit ${rupeesWire(outcome.wallet.creditLimit).toFixed(2)}, main balance ${rupeesWire(outcome.wallet.mainBalance).toFixed(2)}`,
      ),
      before: walletAudit(outcome.before),
      after: walletAudit(outcome.wallet),
    };
  };

  const lockBetting: Command<{ username: string; locked: boolean }> = async (tx, input) => {
    const outcome = await clients.setBettingLockIn(tx, input.username, input.locked);
    return { answer: answerOf(outcome), before: outcome.before, after: outcome.after };
  };

  /** Safer betting (docs/safer-gambling.md): the operator's ceiling on a client's limit. */
  const limitCeiling: Command<LimitCeilingBody> = async (tx, input) => {
    const outcome = await deps.safer.setCeilingIn(tx, input.username, input.kind, input.ceiling);
    return { answer: answerOf(outcome), before: outcome.before, after: outcome.after };
  };

  /** Safer betting: lifts a self-exclusion that has ended. */
  const liftExclusion: Command<{ username: string }> = async (tx, input) => {
    const outcome = await deps.safer.liftExclusionIn(tx, input.username);
    return { answer: answerOf(outcome), before: outcome.before, after: outcome.after };
  };

  /** The password arrives hashed: argon2 runs before the transaction, never inside it. */
  const resetPassword: Command<{ username: string; passwordHash: string }> = async (tx, input) =>
    (await deps.auth.resetPasswordIn(tx, input.username, input.passwordHash))
      ? { answer: ok(`Password of ${input.username} reset; their sessions ended`) }
      : { answer: no(`No client named '${input.username}'`) };

  const setCommission: Command<{ username: string; percent: number }> = async (_tx, input) => ({
    answer: answerOf(await settlement.setCommission(input.username, input.percent)),
    after: { percent: input.percent },
  });

  const setWinLimit: Command<{ username: string; rupees: number | null }> = async (_tx, input) => ({
    answer: answerOf(await casino.setWinLimit(input.username, input.rupees)),
    after: { winLimit: input.rupees },
  });

  const news: Command<{ message: string }> = async (_tx, input, onCommit) => {
    await deps.news.publish(input.message);
    onCommit(() =>
      deps.publisher.toAll({ target: 'updateNews', payload: { Message: input.message.trim() } }),
    );
    return { answer: ok('News published'), after: { message: input.message.trim() } };
  };

  const lockEvent: Command<{ eventId: number; locked: boolean }> = async (_tx, input, onCommit) => {
    const outcome = await markets.lockEvent(input.eventId, input.locked);
    if (outcome.ok) pushEvent(input.eventId, onCommit);
    return { answer: answerOf(outcome), before: outcome.before, after: outcome.after };
  };

  const suspendMarket: Command<{ marketId: string; suspended: boolean }> = async (
    _tx,
    input,
    onCommit,
  ) => {
    const outcome = await markets.suspendMarket(input.marketId, input.suspended);
    if (outcome.ok) pushEvent(await markets.marketEvent(input.marketId), onCommit);
    return { answer: answerOf(outcome), before: outcome.before, after: outcome.after };
  };

  const customFancy: Command<CustomFancyBody> = async (_tx, input, onCommit) => {
    const outcome = await markets.setCustomFancy(input);
    if (outcome.ok) pushEvent(input.eventId, onCommit);
    return { answer: answerOf(outcome), after: input };
  };

  const customBookmaker: Command<CustomBookmakerBody> = async (_tx, input, onCommit) => {
    const outcome = await markets.setCustomBookmaker(input);
    if (outcome.ok) pushEvent(await markets.marketEvent(input.marketId), onCommit);
    return { answer: answerOf(outcome), after: input };
  };

  const declareResult: Command<DeclareResultBody> = async (tx, input, onCommit) => {
    riskOn(input, onCommit);
    if ('marketId' in input) {
      const outcome = await settlement.declareIn(
        tx,
        { kind: 'winner', marketId: input.marketId, selectionId: String(input.winnerSelectionId) },
        onCommit,
      );
      return { answer: answerOf(outcome), after: { winner: input.winnerSelectionId } };
    }
    if (!input.selectionId.startsWith(`${input.eventId}-`))
      return { answer: no(`Session ${input.selectionId} is not of event ${input.eventId}`) };
    const outcome = await settlement.declareIn(
      tx,
      { kind: 'runs', selectionId: input.selectionId, runs: input.runs },
      onCommit,
    );
    return { answer: answerOf(outcome), after: { runs: input.runs } };
  };

  const voidTarget: Command<{ target: string; reason: string }> = async (tx, input, onCommit) => {
    riskOn(input, onCommit);
    const outcome = await settlement.declareIn(
      tx,
      { kind: 'void', target: input.target, reason: input.reason },
      onCommit,
    );
    return { answer: answerOf(outcome), after: { voided: true, reason: input.reason } };
  };

  const rollback: Command<{ target: string; reason: string }> = async (tx, input, onCommit) => {
    riskOn(input, onCommit);
    const outcome = await settlement.rollbackIn(tx, input.target, input.reason, onCommit);
    return { answer: answerOf(outcome), after: { rolledBack: true, reason: input.reason } };
  };

  // Everyone's matka board hears the market's change, and its bettors' wallets reload, once the
  // action committed (the service tells `onCommit`).
  const matkaDeclare: Command<{ mid: number; result: string }> = async (tx, input, onCommit) => {
    const outcome = await matka.declareIn(tx, String(input.mid), input.result, onCommit);
    return { answer: answerOf(outcome), after: { result: input.result } };
  };

  const matkaAddGame: Command<MatkaGameBody> = async (tx, input) => {
    const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
    const outcome = await matka.addGameIn(tx, {
      name: input.name,
      hindi: input.hindi ?? input.name,
      openMinute: minuteOf(input.opens),
      closeMinute: minuteOf(input.closes),
    });
    return { answer: answerOf(outcome), after: outcome.after };
  };

  const matkaVoid: Command<{ mid: number; reason: string }> = async (tx, input, onCommit) => {
    const outcome = await matka.voidMarketIn(tx, String(input.mid), input.reason, onCommit);
    return { answer: answerOf(outcome), before: outcome.before, after: outcome.after };
  };

  const matkaRollback: Command<{ mid: number; reason: string }> = async (tx, input, onCommit) => {
    const outcome = await matka.rollbackIn(tx, String(input.mid), input.reason, onCommit);
    return { answer: answerOf(outcome), before: outcome.before, after: outcome.after };
  };

  const casinoVoid: Command<{ roundId: string; reason: string }> = async (tx, input, onCommit) => {
    const outcome = await casino.voidRoundIn(tx, input.roundId, input.reason, (clientId, gameId) =>
      onCommit(() => {
        deps.publisher.toUser(clientId, { target: 'UpdateBalance', payload: { Reason: 'casino' } });
        // The round's stake is no longer held: the risk book of its game changed.
        const eventId = gameId === null ? null : casinoGame(gameId).eventId;
        if (eventId !== null) deps.risk.changed(eventId);
      }),
    );
    return { answer: answerOf(outcome), before: outcome.before, after: outcome.after };
  };

  return {
    createClient,
    credit,
    lockBetting,
    limitCeiling,
    liftExclusion,
    resetPassword,
    setCommission,
    setWinLimit,
    news,
    lockEvent,
    suspendMarket,
    customFancy,
    customBookmaker,
    declareResult,
    voidTarget,
    rollback,
    matkaDeclare,
    matkaAddGame,
    matkaVoid,
    matkaRollback,
    casinoVoid,
  };
}

export type OperatorCommands = ReturnType<typeof createOperatorCommands>;
