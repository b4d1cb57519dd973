import {
  betFigures,
  MATCH_MIN_STAKE,
  SESSION_MIN_STAKE,
  STAKE_NOT_POSITIVE_MESSAGE,
  STAKE_NOT_WHOLE_MESSAGE,
  toBookmakerOdds,
  toFancyRate,
  toOddsHundredths,
  toStake,
  type BetFigures,
} from '@backlay/domain';

/**
 * A pure model of one client's money on one event (docs/decisions.md#money), written apart from the server's
 * code so that the model-based suite (money/exposure-model.rel.ts) compares two independent
 * readings of the spec. Integer paise throughout. From packages/domain it takes only the slip's
 * figures (`betFigures`: what a bet wins and loses, docs/product.md#validation) and the stake messages; books,
 * exposure, acceptance, settlement, commission, void and rollback are computed here.
 */

export type ExchangeKind = 'MATCH_ODDS' | 'BOOKMAKER' | 'TOSS';
export type FancyKey = 'F1' | 'F2';
export type PositionKey = ExchangeKind | FancyKey;

export const EXCHANGE_KINDS: readonly ExchangeKind[] = ['MATCH_ODDS', 'BOOKMAKER', 'TOSS'];
export const FANCY_KEYS: readonly FancyKey[] = ['F1', 'F2'];
export const POSITION_KEYS: readonly PositionKey[] = [...EXCHANGE_KINDS, ...FANCY_KEYS];

/** The stake limits of the model's event (the fixture event is created with them). */
export const MARKET_MAX_STAKE = 200_000;
export const SESSION_MAX_STAKE = 100_000;

export const MESSAGES = {
  closed: 'Market closed',
  oddsChanged: 'Odds changed',
  insufficient: 'Insufficient balance',
} as const;

/**
 * A runner's best prices in price units: hundredths of decimal odds on match odds and toss
 * (1.90 → 190), odds per 100 on the bookmaker (45).
 */
export interface RunnerQuote {
  readonly back: number;
  readonly lay: number;
}

/** A fancy row: the No side lays the line at a rate, the Yes side backs it (docs/decisions.md#money). */
export interface FancyQuote {
  readonly noLine: number;
  readonly noRate: number;
  readonly yesLine: number;
  readonly yesRate: number;
}

export type BetStatus = 'Pending' | 'Settled' | 'Lost';

export interface ModelBet {
  /** The runner's index on an exchange market; the line (runs) on a fancy runner. */
  readonly on: number;
  readonly side: 'Back' | 'Lay' | 'Yes' | 'No';
  readonly profit: number;
  readonly liability: number;
  status: BetStatus;
}

export interface Declaration {
  state: 'settled' | 'voided' | 'rolled_back';
  /** The declared result: `w<runner index>`, `r<runs>` or `VOID`. */
  readonly result: string;
  /** The client's settlement line, gross − commission; null when the client had no open bet. */
  readonly amount: number | null;
}

export interface Position {
  readonly bets: ModelBet[];
  declaration: Declaration | null;
}

export interface Model {
  readonly runnerCount: number;
  /** Commission in basis points, taken on a net win per market (docs/decisions.md#money). */
  readonly commissionBp: number;
  credit: number;
  pl: number;
  readonly exchangeQuotes: Record<ExchangeKind, RunnerQuote[]>;
  readonly fancyQuotes: Record<FancyKey, FancyQuote>;
  readonly positions: Record<PositionKey, Position>;
  /** The client's ledger rows: one per credit, and one per non-zero settlement or rollback line. */
  ledgerRows: number;
}

export interface ModelStart {
  readonly runnerCount: number;
  readonly commissionBp: number;
  /** Opening credit in paise (whole rupees; 0 gives none). */
  readonly credit: number;
  readonly exchangeQuotes: Record<ExchangeKind, RunnerQuote[]>;
  readonly fancyQuotes: Record<FancyKey, FancyQuote>;
}

export function modelStart(start: ModelStart): Model {
  const position = (): Position => ({ bets: [], declaration: null });
  return {
    runnerCount: start.runnerCount,
    commissionBp: start.commissionBp,
    credit: start.credit,
    pl: 0,
    exchangeQuotes: {
      MATCH_ODDS: [...start.exchangeQuotes.MATCH_ODDS],
      BOOKMAKER: [...start.exchangeQuotes.BOOKMAKER],
      TOSS: [...start.exchangeQuotes.TOSS],
    },
    fancyQuotes: { ...start.fancyQuotes },
    positions: {
      MATCH_ODDS: position(),
      BOOKMAKER: position(),
      TOSS: position(),
      F1: position(),
      F2: position(),
    },
    ledgerRows: start.credit === 0 ? 0 : 1,
  };
}

export const isFancyKey = (key: PositionKey): key is FancyKey => key === 'F1' || key === 'F2';

/** A bet's result if the market goes `winner` (exchange) or the final runs are `runs` (fancy). */
function betResult(bet: ModelBet, outcome: number): number {
  let wins: boolean;
  switch (bet.side) {
    case 'Back':
      wins = bet.on === outcome;
      break;
    case 'Lay':
      wins = bet.on !== outcome;
      break;
    case 'Yes':
      wins = outcome >= bet.on;
      break;
    case 'No':
      wins = outcome < bet.on;
      break;
  }
  return wins ? bet.profit : -bet.liability;
}

/** Every outcome that can give a distinct result: each runner winning, or runs around each line. */
function outcomes(model: Model, key: PositionKey, bets: readonly ModelBet[]): number[] {
  if (!isFancyKey(key)) return Array.from({ length: model.runnerCount }, (_, index) => index);
  return bets.flatMap((bet) => [bet.on - 1, bet.on]);
}

/** Worst-case loss of a set of open bets on one position: max(0, −min over outcomes). */
function worstLoss(model: Model, key: PositionKey, bets: readonly ModelBet[]): number {
  let worst = 0;
  for (const outcome of outcomes(model, key, bets)) {
    let total = 0;
    for (const bet of bets) total += betResult(bet, outcome);
    worst = Math.min(worst, total);
  }
  return -worst;
}

const pending = (position: Position) => position.bets.filter((bet) => bet.status === 'Pending');

export function positionExposure(model: Model, key: PositionKey): number {
  return worstLoss(model, key, pending(model.positions[key]));
}

export interface ModelWallet {
  readonly creditLimit: number;
  readonly pl: number;
  readonly exposure: number;
  readonly balance: number;
  readonly mainBalance: number;
}

export function modelWallet(model: Model): ModelWallet {
  let exposure = 0;
  for (const key of POSITION_KEYS) exposure += positionExposure(model, key);
  const balance = model.credit + model.pl;
  return {
    creditLimit: model.credit,
    pl: model.pl,
    exposure,
    balance,
    mainBalance: balance - exposure,
  };
}

/** An accepted bet's `placed` is its answer when not the plain "Bet placed successfully". */
export type Answer =
  | { readonly ok: true; readonly placed?: string }
  | { readonly ok: false; readonly message: string };
const accepted: Answer = { ok: true };
const refused = (message: string): Answer => ({ ok: false, message });

/** The basic stake rule: a whole number of rupees above zero (docs/product.md#validation). */
function basicStakeRefusal(stake: number): string | null {
  if (!(stake > 0)) return STAKE_NOT_POSITIVE_MESSAGE;
  if (!Number.isInteger(stake)) return STAKE_NOT_WHOLE_MESSAGE;
  return null;
}

function limitRefusal(stake: number, min: number, max: number): string | null {
  if (stake < min) return `Minimum stake is ${min}`;
  if (stake > max) return `Maximum stake is ${max}`;
  return null;
}

/** Adds the bet when it leaves MainBalance ≥ 0 or does not add exposure (docs/decisions.md#money). */
function acceptIfCovered(
  model: Model,
  key: PositionKey,
  bet: Omit<ModelBet, 'status'>,
  placed?: string,
): Answer {
  const open = pending(model.positions[key]);
  const before = worstLoss(model, key, open);
  const after = worstLoss(model, key, [...open, { ...bet, status: 'Pending' }]);
  const delta = after - before;
  if (delta > 0 && modelWallet(model).mainBalance - delta < 0)
    return refused(MESSAGES.insufficient);
  model.positions[key].bets.push({ ...bet, status: 'Pending' });
  return placed === undefined ? accepted : { ok: true, placed };
}

export interface ExchangeBetInput {
  readonly market: ExchangeKind;
  readonly runner: number;
  readonly side: 'Back' | 'Lay';
  /** Odds in price units (hundredths, or per 100 on the bookmaker). */
  readonly units: number;
  /** The wire odds carry a fraction finer than the market's grid (1.905, 45.5). */
  readonly offGrid: boolean;
  readonly stake: number;
}

function exchangeFigures(input: ExchangeBetInput, stake: number): BetFigures {
  const validStake = toStake(stake);
  if (validStake === null) throw new Error(`model: stake ${stake} is not a stake`);
  if (input.market === 'BOOKMAKER') {
    const odds = toBookmakerOdds(input.units);
    if (odds === null) throw new Error(`model: ${input.units} is not bookmaker odds`);
    return betFigures({ market: 'BOOKMAKER', betType: input.side, odds, stake: validStake });
  }
  const odds = toOddsHundredths(input.units);
  if (odds === null) throw new Error(`model: ${input.units} is not odds in hundredths`);
  return betFigures({ market: input.market, betType: input.side, odds, stake: validStake });
}

/**
 * A match odds, bookmaker or toss bet: taken when the best price is as good as its odds
 * (docs/decisions.md#money); match odds and toss are then made at that best price, the bookmaker at
 * its odds, and a better price is named in the answer (docs/decisions.md#price-improvement).
 */
export function placeExchangeBet(model: Model, input: ExchangeBetInput): Answer {
  const stakeRefusal = basicStakeRefusal(input.stake);
  if (stakeRefusal) return refused(stakeRefusal);
  if (model.positions[input.market].declaration) return refused(MESSAGES.closed);
  const limits = limitRefusal(input.stake, MATCH_MIN_STAKE, MARKET_MAX_STAKE);
  if (limits) return refused(limits);
  if (input.offGrid) return refused(MESSAGES.oddsChanged);
  const quote = model.exchangeQuotes[input.market][input.runner];
  if (!quote) throw new Error(`model: no runner ${input.runner}`);
  const takes = input.side === 'Back' ? input.units <= quote.back : input.units >= quote.lay;
  if (!takes) return refused(MESSAGES.oddsChanged);
  const best = input.side === 'Back' ? quote.back : quote.lay;
  const units = input.market === 'BOOKMAKER' ? input.units : best;
  const figures = exchangeFigures({ ...input, units }, input.stake);
  return acceptIfCovered(
    model,
    input.market,
    { on: input.runner, side: input.side, profit: figures.profit, liability: figures.liability },
    units === input.units ? undefined : `Bet placed successfully at ${units / 100}`,
  );
}

export interface FancyBetInput {
  readonly key: FancyKey;
  readonly side: 'Yes' | 'No';
  readonly line: number;
  readonly rate: number;
  readonly stake: number;
}

/** A fancy bet: exactly the line and rate of that side of the row (docs/decisions.md#money). */
export function placeFancyBet(model: Model, input: FancyBetInput): Answer {
  const stakeRefusal = basicStakeRefusal(input.stake);
  if (stakeRefusal) return refused(stakeRefusal);
  if (model.positions[input.key].declaration) return refused(MESSAGES.closed);
  const limits = limitRefusal(input.stake, SESSION_MIN_STAKE, SESSION_MAX_STAKE);
  if (limits) return refused(limits);
  const row = model.fancyQuotes[input.key];
  const [line, rate] = input.side === 'Yes' ? [row.yesLine, row.yesRate] : [row.noLine, row.noRate];
  if (input.line !== line || input.rate !== rate) return refused(MESSAGES.oddsChanged);
  const validStake = toStake(input.stake);
  const validRate = toFancyRate(input.rate);
  if (validStake === null || validRate === null) throw new Error('model: fancy stake or rate');
  const figures = betFigures({
    market: 'FANCY',
    betType: input.side,
    rate: validRate,
    stake: validStake,
  });
  return acceptIfCovered(model, input.key, {
    on: input.line,
    side: input.side,
    profit: figures.profit,
    liability: figures.liability,
  });
}

/** Commission on a net win, rounded half away from zero (docs/decisions.md#money); none on a loss. */
function commissionOn(gross: number, basisPoints: number): number {
  if (gross <= 0) return 0;
  const scaled = gross * basisPoints;
  return Math.floor(scaled / 10_000) + (2 * (scaled % 10_000) >= 10_000 ? 1 : 0);
}

export type Verdict = 'changed' | 'unchanged' | 'conflict' | 'not-settled';

/**
 * Declares a result: `{ winner }` for a market, `{ runs }` for a fancy runner, `void` for either.
 * The same result again changes nothing; another one is a conflict until rolled back.
 */
export function declareResult(
  model: Model,
  key: PositionKey,
  result: { readonly winner: number } | { readonly runs: number } | 'void',
): Verdict {
  const position = model.positions[key];
  const text =
    result === 'void' ? 'VOID' : 'winner' in result ? `w${result.winner}` : `r${result.runs}`;
  const earlier = position.declaration;
  if (earlier && earlier.state !== 'rolled_back')
    return earlier.result === text ? 'unchanged' : 'conflict';
  const open = pending(position);
  let amount: number | null = null;
  if (open.length > 0) {
    let gross = 0;
    for (const bet of open) {
      const pl =
        result === 'void' ? 0 : betResult(bet, 'winner' in result ? result.winner : result.runs);
      gross += pl;
      bet.status = result !== 'void' && pl < 0 ? 'Lost' : 'Settled';
    }
    amount = gross - commissionOn(gross, model.commissionBp);
    model.pl += amount;
    if (amount !== 0) model.ledgerRows += 1;
  }
  position.declaration = { state: result === 'void' ? 'voided' : 'settled', result: text, amount };
  return 'changed';
}

/** Rolls back a settled or voided position: its line reversed, its bets open again. */
export function rollbackResult(model: Model, key: PositionKey): Verdict {
  const position = model.positions[key];
  const declaration = position.declaration;
  if (!declaration || declaration.state === 'rolled_back') return 'not-settled';
  if (declaration.amount !== null && declaration.amount !== 0) {
    model.pl -= declaration.amount;
    model.ledgerRows += 1;
  }
  for (const bet of position.bets) bet.status = 'Pending';
  declaration.state = 'rolled_back';
  return 'changed';
}

/** Gives (> 0) or takes (< 0) credit; a take may not leave MainBalance below zero. */
export function transferCredit(model: Model, amount: number): Answer {
  if (amount < 0 && modelWallet(model).mainBalance + amount < 0)
    return refused('Cannot take more than the available balance');
  model.credit += amount;
  model.ledgerRows += 1;
  return accepted;
}

/** Counts of the client's stored bets by status. */
export function betCounts(model: Model): Record<BetStatus, number> {
  const counts: Record<BetStatus, number> = { Pending: 0, Settled: 0, Lost: 0 };
  for (const key of POSITION_KEYS)
    for (const bet of model.positions[key].bets) counts[bet.status] += 1;
  return counts;
}
