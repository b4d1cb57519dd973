import {
  betFigures,
  fancyLadder,
  isExchangeMarket,
  marketBook,
  marketExposure,
  toBookmakerOdds,
  toFancyLine,
  toFancyRate,
  toOddsHundredths,
  toStake,
  type ExchangeBet,
  type FancyBet,
  type MarketType,
  type Paise,
  type PricedBet,
} from '@backlay/domain';
import type pg from 'pg';

/**
 * The bank test's auditor (docs/reliability.md, "Conservation"): one REPEATABLE READ snapshot of
 * every wallet, ledger row, open bet and exposure row, and the checks of docs/decisions.md#money over it. It
 * reads the tables itself and recomputes exposure from the bets' own odds and stakes with
 * `packages/domain`, never through the server's services, so a server bug cannot hide itself.
 */

/** One account's wallet and ledger as the snapshot saw them, in paise. */
export interface AccountRow {
  readonly accountId: string;
  /** Null for the house. */
  readonly clientId: string | null;
  readonly creditPaise: bigint;
  readonly plPaise: bigint;
  readonly exposurePaise: bigint;
  /** Sum of the account's 'credit' ledger rows. */
  readonly ledgerCreditPaise: bigint;
  /** The account statement's last running balance (0 when it has no rows). */
  readonly statementPaise: bigint;
}

export interface OpenBetRow {
  readonly clientId: string;
  readonly positionKey: string;
  readonly marketType: MarketType;
  readonly selectionId: string;
  readonly betType: 'Back' | 'Lay' | 'Yes' | 'No';
  readonly odds: number;
  readonly price: number;
  readonly stake: number;
}

export interface Snapshot {
  readonly accounts: readonly AccountRow[];
  readonly ledgerTotalPaise: bigint;
  readonly openBets: readonly OpenBetRow[];
  /** Market id → its runners' selection ids (markets with open bets only). */
  readonly runners: ReadonlyMap<string, readonly string[]>;
  /** `${clientId} ${positionKey}` → stored exposure. */
  readonly exposures: ReadonlyMap<string, bigint>;
  /** `${clientId} ${positionKey}` → open matka stakes or open casino round stake (their holds). */
  readonly holds: ReadonlyMap<string, bigint>;
  /** Client id → settlement lines rolled back so far (a rollback may leave MainBalance < 0). */
  readonly rollbacks: ReadonlyMap<string, number>;
  /** Every loss limit of every client (docs/safer-gambling.md), with its period's net loss. */
  readonly lossLimits: readonly LossLimitRow[];
}

/** A client's loss limit as the snapshot saw it, read from the tables, in paise. */
export interface LossLimitRow {
  readonly clientId: string;
  readonly kind: string;
  /** The limit in force: the client's own capped by the operator's ceiling. */
  readonly limitPaise: bigint;
  /** Net loss since the period's start: every non-credit ledger row of the client, negated. */
  readonly lossPaise: bigint;
  /** The start of the period (Asia/Kolkata day, ISO week, month) the loss is counted from. */
  readonly periodStart: string;
}

const key = (clientId: string, positionKey: string) => `${clientId} ${positionKey}`;

/** The zone of the loss limits' periods: the test server's REPORT_TZ (test/app.ts). */
const REPORT_TZ = 'Asia/Kolkata';

/**
 * Reads the whole ledger in one REPEATABLE READ, READ ONLY transaction: every query sees the same
 * committed state, so each invariant must hold exactly, with no allowance for writes in flight.
 */
export async function readSnapshot(client: pg.Client): Promise<Snapshot> {
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    // The statement's running balance as the report computes it (ordered by time, then id);
    // its last row is the balance the client reads at the bottom of the statement.
    const accounts = await client.query<{
      account_id: string;
      client_id: string | null;
      credit_paise: string;
      pl_paise: string;
      exposure_paise: string;
      ledger_credit: string | null;
      statement: string | null;
    }>(`
      WITH running AS (
        SELECT DISTINCT ON (account_id) account_id,
          sum(amount_paise) OVER (PARTITION BY account_id ORDER BY created_at, id) AS statement
        FROM ledger_entries
        ORDER BY account_id, created_at DESC, id DESC
      ), credits AS (
        SELECT account_id, sum(amount_paise) AS ledger_credit
        FROM ledger_entries WHERE kind IN ('credit', 'clearing') GROUP BY account_id
      )
      SELECT a.id AS account_id, a.client_id, w.credit_paise, w.pl_paise, w.exposure_paise,
        c.ledger_credit, r.statement
      FROM accounts a
      JOIN wallets w ON w.account_id = a.id
      LEFT JOIN running r ON r.account_id = a.id
      LEFT JOIN credits c ON c.account_id = a.id`);
    const ledger = await client.query<{ total: string | null }>(
      'SELECT sum(amount_paise) AS total FROM ledger_entries',
    );
    const bets = await client.query<{
      client_id: string;
      position_key: string;
      market_type: OpenBetRow['marketType'];
      selection_id: string;
      bet_type: OpenBetRow['betType'];
      odds: number;
      price: number;
      stake: number;
    }>(`
      SELECT client_id, position_key, market_type, selection_id, bet_type, odds, price, stake
      FROM bets WHERE status = 'Pending'`);
    const runners = await client.query<{ market_id: string; selection_id: string }>(`
      SELECT market_id, selection_id FROM runners
      WHERE market_id IN (SELECT position_key FROM bets WHERE status = 'Pending')
      ORDER BY market_id, sort_priority`);
    const exposures = await client.query<{
      client_id: string;
      position_key: string;
      exposure_paise: string;
    }>('SELECT client_id, position_key, exposure_paise FROM exposures');
    // Matka: a game's worst case is losing every open stake on it (its position key is the Mid);
    // casino: an open round holds its stake (position key casino:<round id>).
    const holds = await client.query<{ client_id: string; position_key: string; held: string }>(`
      SELECT client_id, market_id::text AS position_key, sum(amount_paise) AS held
      FROM matka_bets WHERE status = 'Pending' GROUP BY client_id, market_id
      UNION ALL
      SELECT client_id, 'casino:' || round_id, stake_paise
      FROM casino_rounds WHERE status = 'open'`);
    const rollbacks = await client.query<{ client_id: string; lines: string }>(`
      SELECT client_id, count(*) AS lines FROM settlement_lines
      WHERE rolled_back GROUP BY client_id`);
    // Loss limits with their period's net loss, by plain SQL rather than the server's functions.
    // The limits of the bank test are set once and never raised, so the value in force is the
    // client's own or the ceiling.
    const lossLimits = await client.query<{
      client_id: string;
      kind: string;
      limit_paise: string;
      loss_paise: string;
      period_start: Date;
    }>(`
      WITH limits AS (
        SELECT client_id, kind, least(value, ceiling) AS limit_paise,
          date_trunc(CASE kind WHEN 'lossDay' THEN 'day' WHEN 'lossWeek' THEN 'week'
            ELSE 'month' END, now() AT TIME ZONE '${REPORT_TZ}') AT TIME ZONE '${REPORT_TZ}'
            AS period_start
        FROM client_limits
        WHERE kind IN ('lossDay', 'lossWeek', 'lossMonth') AND coalesce(value, ceiling) IS NOT NULL
      )
      SELECT l.client_id, l.kind, l.limit_paise, l.period_start,
        coalesce(-(SELECT sum(le.amount_paise) FROM ledger_entries le
          JOIN accounts a ON a.id = le.account_id
          WHERE a.client_id = l.client_id AND le.kind NOT IN ('credit', 'clearing')
            AND le.created_at >= l.period_start), 0) AS loss_paise
      FROM limits l`);
    await client.query('COMMIT');

    const runnersOf = new Map<string, string[]>();
    for (const row of runners.rows) {
      const list = runnersOf.get(row.market_id) ?? [];
      list.push(row.selection_id);
      runnersOf.set(row.market_id, list);
    }
    return {
      accounts: accounts.rows.map((row) => ({
        accountId: row.account_id,
        clientId: row.client_id,
        creditPaise: BigInt(row.credit_paise),
        plPaise: BigInt(row.pl_paise),
        exposurePaise: BigInt(row.exposure_paise),
        ledgerCreditPaise: BigInt(row.ledger_credit ?? 0),
        statementPaise: BigInt(row.statement ?? 0),
      })),
      ledgerTotalPaise: BigInt(ledger.rows[0]?.total ?? 0),
      openBets: bets.rows.map((row) => ({
        clientId: row.client_id,
        positionKey: row.position_key,
        marketType: row.market_type,
        selectionId: row.selection_id,
        betType: row.bet_type,
        odds: row.odds,
        price: row.price,
        stake: row.stake,
      })),
      runners: runnersOf,
      exposures: new Map(
        exposures.rows.map((row) => [
          key(row.client_id, row.position_key),
          BigInt(row.exposure_paise),
        ]),
      ),
      holds: new Map(
        holds.rows.map((row) => [key(row.client_id, row.position_key), BigInt(row.held)]),
      ),
      rollbacks: new Map(rollbacks.rows.map((row) => [row.client_id, Number(row.lines)])),
      lossLimits: lossLimits.rows.map((row) => ({
        clientId: row.client_id,
        kind: row.kind,
        limitPaise: BigInt(row.limit_paise),
        lossPaise: BigInt(row.loss_paise),
        periodStart: row.period_start.toISOString(),
      })),
    };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** A bet's profit and liability from its own odds, rate and stake (docs/product.md#validation), or null if unpriceable. */
function figuresOf(bet: OpenBetRow): { profit: Paise; liability: Paise } | null {
  const stake = toStake(bet.stake);
  if (stake === null) return null;
  let priced: PricedBet | null = null;
  if (bet.marketType === 'TOSS' || isExchangeMarket(bet.marketType)) {
    const odds = toOddsHundredths(bet.odds);
    const side = bet.betType === 'Lay' ? 'Lay' : 'Back';
    // Every exchange market (tied match, over/under …) has match odds' figures.
    const market = bet.marketType === 'TOSS' ? 'TOSS' : 'MATCH_ODDS';
    priced = odds === null ? null : { market, betType: side, odds, stake };
    return priced && betFigures(priced);
  }
  switch (bet.marketType) {
    case 'BOOKMAKER': {
      const odds = toBookmakerOdds(bet.odds);
      const side = bet.betType === 'Lay' ? 'Lay' : 'Back';
      priced = odds === null ? null : { market: 'BOOKMAKER', betType: side, odds, stake };
      break;
    }
    case 'FANCY': {
      const rate = toFancyRate(bet.price);
      const side = bet.betType === 'No' ? 'No' : 'Yes';
      priced = rate === null ? null : { market: 'FANCY', betType: side, rate, stake };
      break;
    }
  }
  return priced && betFigures(priced);
}

/** Each open position's exposure recomputed from its bets: `${clientId} ${positionKey}` → paise. */
export function recomputeExposures(snapshot: Snapshot): {
  positions: Map<string, bigint>;
  unpriceable: number;
} {
  const groups = new Map<string, OpenBetRow[]>();
  for (const bet of snapshot.openBets) {
    const id = key(bet.clientId, bet.positionKey);
    const list = groups.get(id) ?? [];
    list.push(bet);
    groups.set(id, list);
  }
  const positions = new Map<string, bigint>();
  let unpriceable = 0;
  for (const [id, bets] of groups) {
    const first = bets[0];
    if (!first) continue;
    if (first.marketType === 'FANCY') {
      const fancy: FancyBet[] = [];
      for (const bet of bets) {
        const figures = figuresOf(bet);
        const line = toFancyLine(bet.odds);
        if (!figures || line === null) {
          unpriceable += 1;
          continue;
        }
        fancy.push({ line, betType: bet.betType === 'No' ? 'No' : 'Yes', ...figures });
      }
      positions.set(id, BigInt(marketExposure(fancyLadder(fancy).map((rung) => rung.Pl))));
    } else {
      const exchange: ExchangeBet[] = [];
      for (const bet of bets) {
        const figures = figuresOf(bet);
        if (!figures) {
          unpriceable += 1;
          continue;
        }
        const side = bet.betType === 'Lay' ? 'Lay' : 'Back';
        exchange.push({ selectionId: bet.selectionId, betType: side, ...figures });
      }
      const selections = snapshot.runners.get(first.positionKey) ?? [];
      const book = marketBook(selections, exchange);
      positions.set(id, BigInt(marketExposure(book.map((position) => position.pl))));
    }
  }
  for (const [id, held] of snapshot.holds) positions.set(id, (positions.get(id) ?? 0n) + held);
  return { positions, unpriceable };
}

export type ViolationKind = 'total' | 'exposure' | 'statement' | 'negative' | 'limit';

export interface Violation {
  readonly kind: ViolationKind;
  readonly detail: string;
}

/**
 * What the (d) check remembers of each client between snapshots, and the (e) check of each loss
 * limit (key `limit <clientId> <kind>`: its period's loss plus the exposure, as `mainPaise`).
 */
export interface ClientTrail {
  readonly mainPaise: bigint;
  readonly rollbacks: number;
  /** (e) only: the period the loss was counted in. */
  readonly periodStart?: string;
}

/**
 * Checks one snapshot (docs/reliability.md, "Conservation"):
 * (a) total: every wallet, the house included, sums to 0, and so does the ledger;
 * (b) exposure: each stored position and each wallet's exposure equal the recomputation;
 * (c) statement: each account's last running balance (and its credit rows) equal the wallet;
 * (d) negative: no accepted bet left MainBalance < 0. Only a rollback may lower MainBalance
 *     below min(its earlier value, 0) (docs/decisions.md#money: it re-imposes exposure); a bet is accepted
 *     only if it leaves MainBalance ≥ 0 or adds no exposure, settlements and voids release at
 *     least what they take, credit may not be taken below 0. So between two snapshots in which a
 *     client's rolled-back lines did not change, its MainBalance may not fall below
 *     min(previous, 0), and a client never touched by a rollback is never below 0. Reading the
 *     wallet inside the bet's own transaction is not possible from outside; this observes every
 *     bet's effect within one 100 ms read, and misses only a window that also had a rollback of
 *     that client (then the new value becomes the baseline).
 * (e) limit: no accepted bet passed a loss limit (docs/safer-gambling.md). A bet adding exposure
 *     is accepted only if the period's net loss plus the client's exposure after it stays within
 *     the limit; a settlement turns exposure into at most as much loss, a cancel, cash out or
 *     void only lowers it. So within one period, between two snapshots in which the client's
 *     rolled-back lines did not change, loss + exposure may not rise above max(previous, limit),
 *     and a client never rolled back is never above the limit when first seen. A rollback (it
 *     re-imposes exposure) or a new period (exposure carried over from bets the old period's
 *     winnings made room for) starts the trail again.
 * `trails` carries (d) and (e) from one snapshot to the next and is updated in place.
 */
export function checkSnapshot(snapshot: Snapshot, trails: Map<string, ClientTrail>): Violation[] {
  const violations: Violation[] = [];
  let walletTotal = 0n;
  for (const account of snapshot.accounts) walletTotal += account.creditPaise + account.plPaise;
  if (walletTotal !== 0n || snapshot.ledgerTotalPaise !== 0n) {
    violations.push({
      kind: 'total',
      detail: `wallets sum to ${walletTotal}, ledger to ${snapshot.ledgerTotalPaise}`,
    });
  }

  const { positions, unpriceable } = recomputeExposures(snapshot);
  if (unpriceable > 0) {
    violations.push({ kind: 'exposure', detail: `${unpriceable} open bets have invalid prices` });
  }
  const stored = new Set(snapshot.exposures.keys());
  for (const [id, expected] of positions) {
    const actual = snapshot.exposures.get(id) ?? 0n;
    if (actual !== expected)
      violations.push({
        kind: 'exposure',
        detail: `${id}: stored ${actual}, open bets ${expected}`,
      });
  }
  for (const id of stored) {
    const actual = snapshot.exposures.get(id) ?? 0n;
    if (!positions.has(id) && actual !== 0n)
      violations.push({ kind: 'exposure', detail: `${id}: stored ${actual}, no open bets` });
  }
  const byClient = new Map<string, bigint>();
  for (const [id, exposure] of positions) {
    const clientId = id.slice(0, id.indexOf(' '));
    byClient.set(clientId, (byClient.get(clientId) ?? 0n) + exposure);
  }

  for (const account of snapshot.accounts) {
    const balance = account.creditPaise + account.plPaise;
    if (account.statementPaise !== balance || account.ledgerCreditPaise !== account.creditPaise) {
      violations.push({
        kind: 'statement',
        detail: `account ${account.accountId}: statement ${account.statementPaise} (credit rows ${account.ledgerCreditPaise}), wallet ${balance} (credit ${account.creditPaise})`,
      });
    }
    if (account.clientId === null) {
      if (account.exposurePaise !== 0n)
        violations.push({ kind: 'exposure', detail: `house exposure ${account.exposurePaise}` });
      continue;
    }
    const clientId = account.clientId;
    const expected = byClient.get(clientId) ?? 0n;
    if (account.exposurePaise !== expected) {
      violations.push({
        kind: 'exposure',
        detail: `client ${clientId}: wallet exposure ${account.exposurePaise}, open bets ${expected}`,
      });
    }

    const main = balance - account.exposurePaise;
    const rollbacks = snapshot.rollbacks.get(clientId) ?? 0;
    const trail = trails.get(clientId);
    const floor =
      trail && trail.rollbacks === rollbacks
        ? trail.mainPaise < 0n
          ? trail.mainPaise
          : 0n
        : rollbacks === 0
          ? 0n
          : null;
    if (floor !== null && main < floor) {
      violations.push({
        kind: 'negative',
        detail: `client ${clientId}: MainBalance ${main} below ${floor} with no rollback since the last read`,
      });
    }
    trails.set(clientId, { mainPaise: main, rollbacks });
  }

  const exposureOf = new Map(
    snapshot.accounts.flatMap((account) =>
      account.clientId === null ? [] : [[account.clientId, account.exposurePaise] as const],
    ),
  );
  for (const limit of snapshot.lossLimits) {
    const value = limit.lossPaise + (exposureOf.get(limit.clientId) ?? 0n);
    const rollbacks = snapshot.rollbacks.get(limit.clientId) ?? 0;
    const id = `limit ${limit.clientId} ${limit.kind}`;
    const trail = trails.get(id);
    const ceiling =
      trail && trail.rollbacks === rollbacks && trail.periodStart === limit.periodStart
        ? trail.mainPaise > limit.limitPaise
          ? trail.mainPaise
          : limit.limitPaise
        : !trail && rollbacks === 0
          ? limit.limitPaise
          : null;
    if (ceiling !== null && value > ceiling) {
      violations.push({
        kind: 'limit',
        detail: `client ${limit.clientId}: ${limit.kind} loss ${limit.lossPaise} + exposure ${value - limit.lossPaise} over ${ceiling} (limit ${limit.limitPaise})`,
      });
    }
    trails.set(id, { mainPaise: value, rollbacks, periodStart: limit.periodStart });
  }
  return violations;
}

/**
 * Copies of a snapshot each broken in one way, to show the checks bite (a check that cannot fail
 * is a defect): a paisa out of the house, a paisa of exposure stored with no bet, a statement off
 * by a paisa, a never-rolled-back client whose exposure exceeds its balance, and one whose loss
 * passes its loss limit. Null for a kind the snapshot has nothing to break with (no client never
 * rolled back, no loss limit).
 */
export function corruptedCopies(snapshot: Snapshot): Record<ViolationKind, Snapshot | null> {
  const house = snapshot.accounts.findIndex((account) => account.clientId === null);
  const client = snapshot.accounts.findIndex(
    (account) => account.clientId !== null && !snapshot.rollbacks.has(account.clientId),
  );
  const change = (index: number, patch: Partial<AccountRow>): Snapshot => ({
    ...snapshot,
    accounts: snapshot.accounts.map((account, at) =>
      at === index ? { ...account, ...patch } : account,
    ),
  });
  const houseRow = snapshot.accounts[house];
  const clientRow = snapshot.accounts[client];
  // A loss limit of a client never rolled back, its loss a paisa past the limit.
  const limited = snapshot.lossLimits.findIndex((limit) => !snapshot.rollbacks.has(limit.clientId));
  const overLimit = snapshot.lossLimits.map((limit, at) =>
    at === limited ? { ...limit, lossPaise: limit.limitPaise + 1n } : limit,
  );
  return {
    total: houseRow ? change(house, { plPaise: houseRow.plPaise + 1n }) : null,
    exposure: clientRow?.clientId
      ? {
          ...snapshot,
          exposures: new Map([...snapshot.exposures, [key(clientRow.clientId, 'corrupt'), 1n]]),
        }
      : null,
    statement: clientRow ? change(client, { statementPaise: clientRow.statementPaise + 1n }) : null,
    negative: clientRow
      ? change(client, {
          exposurePaise: clientRow.creditPaise + clientRow.plPaise + 1n,
        })
      : null,
    limit: limited === -1 ? null : { ...snapshot, lossLimits: overLimit },
  };
}
