import {
  assertNever,
  divideRoundHalfAwayFromZero,
  exchangeBetOutcome,
  fancyBetOutcome,
  matchCommission,
  sessionCommission,
  toFancyLine,
  type MarketType,
  type Paise,
} from '@backlay/domain';

/*
 * What a settlement decides (docs/decisions.md#money), without a query: the target of a result, whether the
 * result fits it, each bet's outcome, each client's line with its commission, the commission
 * paid to a client under the agent network (docs/agents.md#commission) and the bets' new status.
 * settlement-transactions.ts reads and writes around these under the locks.
 */

/** What a market or fancy runner is settled with (docs/decisions.md#money). */
export type Result =
  | { readonly kind: 'winner'; readonly marketId: string; readonly selectionId: string }
  | { readonly kind: 'runs'; readonly selectionId: string; readonly runs: number }
  | { readonly kind: 'void'; readonly target: string; readonly reason: string };

export type SettlementOutcome =
  | { readonly ok: true; readonly changed: boolean; readonly message: string }
  | { readonly ok: false; readonly message: string };

/** A market or fancy runner as settlement locked it. */
export interface Target {
  readonly target: string;
  readonly eventId: string;
  readonly marketType: MarketType;
  readonly label: string;
  readonly description: string;
  readonly isFancy: boolean;
  /** Runner ids and names of a market; none for a fancy runner. */
  readonly runners: readonly { selectionId: string; name: string }[];
}

/** An open bet of the target, as settlement reads it. */
export interface SettledBet {
  readonly id: string;
  readonly client_id: string;
  readonly selection_id: string;
  readonly bet_type: 'Back' | 'Lay' | 'Yes' | 'No';
  readonly odds: number;
  readonly profit_paise: string;
  readonly liability_paise: string;
  /** Whole rupees. */
  readonly stake: number;
  /** The version of takes it was placed under; null before the network (the admin alone). */
  readonly takes_id: string | null;
}

/** A client's account and commission (basis points), as settlement reads them. */
export interface ClientAccount {
  readonly account_id: string;
  readonly client_id: string | null;
  readonly commission_bp: number;
}

/** A client's settlement line: the gross result of its bets and the commission on a net win. */
export interface ClientLine {
  readonly clientId: string;
  readonly accountId: string;
  readonly gross: bigint;
  readonly commission: bigint;
}

export function targetOf(result: Result): string {
  switch (result.kind) {
    case 'winner':
      return result.marketId;
    case 'runs':
      return result.selectionId;
    case 'void':
      return result.target;
    default:
      return assertNever(result, 'result');
  }
}

/** The result as the settlement row stores it: the winner's id, the runs, or VOID. */
export function resultText(result: Result): string {
  switch (result.kind) {
    case 'winner':
      return result.selectionId;
    case 'runs':
      return String(result.runs);
    case 'void':
      return 'VOID';
    default:
      return assertNever(result, 'result');
  }
}

/** Why a result does not fit its target (a winner that is not a runner, runs on a market); null when it fits. */
export function resultRefusal(subject: Target, result: Result): string | null {
  if (
    result.kind === 'winner' &&
    (subject.isFancy ||
      !subject.runners.some((runner) => runner.selectionId === result.selectionId))
  ) {
    return `Selection ${result.selectionId} is not a runner of ${subject.target}`;
  }
  if (result.kind === 'runs' && !subject.isFancy) return `${subject.target} is not a fancy session`;
  return null;
}

/** The remark of a client's ledger pair: who won, the runs, or Void. */
export function remarkOf(subject: Target, result: Result): string {
  switch (result.kind) {
    case 'winner':
      return `${subject.label}: ${subject.runners.find((runner) => runner.selectionId === result.selectionId)?.name ?? result.selectionId} won`;
    case 'runs':
      return `${subject.label}: ${result.runs} runs`;
    case 'void':
      return 'Void';
    default:
      return assertNever(result, 'result');
  }
}

/** A bet's result in paise at the domain's figures (0 when voided). */
export function betOutcome(bet: SettledBet, result: Result): number {
  if (result.kind === 'winner') {
    return exchangeBetOutcome(
      {
        selectionId: bet.selection_id,
        betType: bet.bet_type === 'Lay' ? 'Lay' : 'Back',
        profit: Number(bet.profit_paise) as Paise,
        liability: Number(bet.liability_paise) as Paise,
      },
      { kind: 'winner', selectionId: result.selectionId },
    );
  }
  if (result.kind === 'runs') {
    const line = toFancyLine(bet.odds);
    if (line === null) throw new Error(`bet ${bet.id} has no valid line`);
    return fancyBetOutcome(
      {
        line,
        betType: bet.bet_type === 'No' ? 'No' : 'Yes',
        profit: Number(bet.profit_paise) as Paise,
        liability: Number(bet.liability_paise) as Paise,
      },
      { kind: 'runs', runs: result.runs },
    );
  }
  return 0;
}

/** Each bet with its result. */
export function betOutcomes<B extends SettledBet>(
  bets: readonly B[],
  result: Result,
): { bet: B; pl: number }[] {
  return bets.map((bet) => ({ bet, pl: betOutcome(bet, result) }));
}

/** Each client's net result over its bets, in the order the bets came. */
export function netByClient(outcomes: readonly { bet: SettledBet; pl: number }[]) {
  const byClient = new Map<string, number>();
  for (const { bet, pl } of outcomes)
    byClient.set(bet.client_id, (byClient.get(bet.client_id) ?? 0) + pl);
  return byClient;
}

/** One line per client account: the gross, and the commission (its basis points) on a net win. */
export function clientLines(
  byClient: ReadonlyMap<string, number>,
  accounts: readonly ClientAccount[],
): ClientLine[] {
  return accounts.map((account) => {
    const clientId = account.client_id ?? '';
    const gross = BigInt(byClient.get(clientId) ?? 0);
    const commission =
      gross > 0n
        ? BigInt(divideRoundHalfAwayFromZero(Number(gross) * account.commission_bp, 10_000))
        : 0n;
    return { clientId, accountId: account.account_id, gross, commission };
  });
}

/** Each bet's new status: Lost on a loss, Settled otherwise (a void settles every bet at 0). */
export function betMarks(outcomes: readonly { bet: SettledBet; pl: number }[], result: Result) {
  return outcomes.map(({ bet, pl }) => ({
    id: bet.id,
    status: result.kind !== 'void' && pl < 0 ? ('Lost' as const) : ('Settled' as const),
    plPaise: pl,
    remark: result.kind === 'void' ? 'Void' : null,
  }));
}

/** A client's commission rates in basis points (docs/agents.md#commission). */
export interface CommissionRates {
  readonly matchBp: number;
  readonly sessionBp: number;
}

/**
 * The commission paid to a client on its settled bets of one target (docs/agents.md#commission),
 * with the version of takes that bears it, its latest bet's (the highest id): session commission
 * on the stakes of a fancy session's bets, match commission on the net loss in any other market;
 * nothing on a void, whose results are all 0 and whose stakes come back.
 */
export function paidCommission(
  subject: Target,
  result: Result,
  outcomes: readonly { bet: SettledBet; pl: number }[],
  rates: CommissionRates,
): { paise: bigint; takesId: string | null } {
  const latest = outcomes.reduce<SettledBet | undefined>(
    (last, { bet }) => (last === undefined || BigInt(bet.id) > BigInt(last.id) ? bet : last),
    undefined,
  );
  const takesId = latest?.takes_id ?? null;
  if (result.kind === 'void') return { paise: 0n, takesId };
  if (subject.isFancy) {
    const stakes = outcomes.map(({ bet }) => BigInt(bet.stake) * 100n);
    return { paise: sessionCommission(stakes, rates.sessionBp), takesId };
  }
  const net = outcomes.reduce((sum, { pl }) => sum + BigInt(pl), 0n);
  return { paise: matchCommission(net, rates.matchBp), takesId };
}
