import type { MarketType } from '@backlay/domain';
import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of the database, as Kysely sees them. BIGINT columns arrive as strings from `pg`.
 * Over 400 lines: Kysely takes the whole database as one interface, each table's row type beside
 * it, in the migrations' order.
 */
type Id = ColumnType<string, never, never>;
type BigIntColumn = ColumnType<string, string | number | bigint, string | number | bigint>;
type Timestamp = ColumnType<Date, Date, Date>;
/** A BIGINT with a default: may be left out of an insert. */
type BigIntDefault = ColumnType<
  string,
  string | number | bigint | undefined,
  string | number | bigint
>;

export interface ClientsTable {
  id: Generated<string> & Id;
  username: string;
  password_hash: string;
  commission_bp: Generated<number>;
  /** Null: the server's CASINO_WIN_LIMIT. */
  casino_win_limit_paise: ColumnType<
    string | null,
    string | number | bigint | null | undefined,
    string | number | bigint | null
  >;
  created_at: Timestamp;
  /** Set while an operator has locked the client's betting (migration 0013). */
  betting_locked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Set once the client has a row in client_limits (migration 0016). */
  has_limits: ColumnType<boolean, boolean | undefined, boolean>;
  reality_check_min: ColumnType<number | null, number | null | undefined, number | null>;
  excluded_kind: ColumnType<
    'time_out' | 'self_exclusion' | null,
    'time_out' | 'self_exclusion' | null | undefined,
    'time_out' | 'self_exclusion' | null
  >;
  excluded_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The agent network (migration 0019, docs/agents.md): the parent and its path, top down. */
  parent_id: BigIntColumn;
  path: ColumnType<string[], (string | number)[], (string | number)[]>;
  /** The takes the client's next bet is placed under (its parent's current agent_takes row). */
  takes_id: BigIntColumn;
  credit_reference_paise: BigIntDefault;
  match_commission_bp: ColumnType<number, number | undefined, number>;
  session_commission_bp: ColumnType<number, number | undefined, number>;
  /** Null: no limit. */
  exposure_limit_paise: ColumnType<
    string | null,
    string | number | bigint | null | undefined,
    string | number | bigint | null
  >;
  login_locked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** An ancestor's lock, copied down in the transaction that sets it. */
  ancestor_login_locked: ColumnType<boolean, boolean | undefined, boolean>;
  ancestor_betting_locked: ColumnType<boolean, boolean | undefined, boolean>;
}

/** A user above the clients (migration 0019, docs/agents.md#levels). */
export interface AgentsTable {
  id: Generated<string> & Id;
  username: string;
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  transaction_password_hash: ColumnType<string | null, string | null | undefined, string | null>;
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  last_totp_step: ColumnType<
    string | null,
    string | number | bigint | null | undefined,
    string | number | bigint | null
  >;
  level: 'admin' | 'supermaster' | 'master' | 'agent';
  parent_id: ColumnType<
    string | null,
    string | number | bigint | null,
    string | number | bigint | null
  >;
  /** The ancestors, top down, the admin first; empty for the admin. */
  path: ColumnType<string[], (string | number)[], (string | number)[]>;
  partnership_bp: number;
  match_commission_bp: ColumnType<number, number | undefined, number>;
  session_commission_bp: ColumnType<number, number | undefined, number>;
  credit_reference_paise: BigIntDefault;
  login_locked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  betting_locked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The current takes of this user's clients (agent_takes). */
  takes_id: ColumnType<
    string | null,
    string | number | bigint | null | undefined,
    string | number | bigint | null
  >;
  created_at: Timestamp;
  /** What a visitor gives to sign up under this user (migration 0021); null for the admin only. */
  referral_code: ColumnType<string | null, string | undefined, never>;
}

/** A visitor's request to become a client of an agent (migration 0021, docs/agents.md#sign-up). */
export interface SignupRequestsTable {
  id: Generated<string> & Id;
  agent_id: BigIntColumn;
  username: string;
  /** Kept while the request is pending; null once it is decided. */
  password_hash: ColumnType<string | null, string, string | null>;
  full_name: string;
  /** +91 and ten digits. */
  mobile: string;
  status: ColumnType<
    'pending' | 'approved' | 'declined',
    'pending' | undefined,
    'approved' | 'declined'
  >;
  created_at: Timestamp;
  decided_at: ColumnType<Date | null, never, Date>;
  decided_by: ColumnType<string | null, never, string | number | bigint>;
  client_id: ColumnType<string | null, never, string | number | bigint>;
}

/** A back-office session of a user above the clients (migration 0019). */
export interface AgentSessionsTable {
  id: Generated<string> & Id;
  agent_id: BigIntColumn;
  token_hash: Buffer;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** One version of the takes of a parent's clients: [[agentId, takeBp], …] top down. */
export interface AgentTakesTable {
  id: Generated<string> & Id;
  agent_id: BigIntColumn;
  takes: ColumnType<[string | number, number][], string, never>;
  created_at: Timestamp;
}

/** A client's limit (migration 0016): paise, or minutes for the session limit. */
export interface ClientLimitsTable {
  client_id: BigIntColumn;
  kind: 'lossDay' | 'lossWeek' | 'lossMonth' | 'stake' | 'session';
  value: ColumnType<
    string | null,
    string | number | bigint | null,
    string | number | bigint | null
  >;
  next_value: ColumnType<
    string | null,
    string | number | bigint | null | undefined,
    string | number | bigint | null
  >;
  next_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  ceiling: ColumnType<
    string | null,
    string | number | bigint | null | undefined,
    string | number | bigint | null
  >;
  updated_at: Timestamp;
}

export interface AccountsTable {
  id: Generated<string> & Id;
  kind: 'house' | 'client' | 'agent';
  client_id: BigIntColumn | null;
  /** An agent's account (migration 0019); the admin's is the house's. */
  agent_id: ColumnType<string | null, string | number | bigint | null | undefined, never>;
}

export interface WalletsTable {
  account_id: BigIntColumn;
  credit_paise: BigIntDefault;
  pl_paise: BigIntDefault;
  exposure_paise: BigIntDefault;
}

/** Commission paid to a client and borne by the levels; a clearing of cash settled outside (0019). */
export type LedgerKind = 'credit' | 'settlement' | 'profit_loss' | 'commission' | 'clearing';

export interface LedgerEntriesTable {
  id: Generated<string> & Id;
  txn_id: string;
  account_id: BigIntColumn;
  kind: LedgerKind;
  amount_paise: BigIntColumn;
  remark: string;
  description: Generated<string>;
  event_id: BigIntColumn | null;
  market_id: string | null;
  market_type: string | null;
  created_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<string> & Id;
  client_id: BigIntColumn;
  token_hash: Buffer;
  validity_value: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: string | null;
  /** When the client's session limit ends the session (migration 0016). */
  ends_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface LoginEventsTable {
  id: Generated<string> & Id;
  client_id: BigIntColumn | null;
  username: string;
  socket_address: string;
  claimed_address: string | null;
  lat_long: string;
  outcome: 'success' | 'bad_credentials' | 'throttled' | 'excluded' | 'locked';
  created_at: Timestamp;
}

export interface LoginThrottleTable {
  key: string;
  failures: number;
  blocked_until: Timestamp | null;
  last_failure_at: Timestamp;
}

export interface NewsTable {
  id: Generated<string> & Id;
  message: string;
  created_at: Timestamp;
}

export interface Schema {
  clients: ClientsTable;
  agents: AgentsTable;
  agent_takes: AgentTakesTable;
  agent_sessions: AgentSessionsTable;
  signup_requests: SignupRequestsTable;
  client_limits: ClientLimitsTable;
  accounts: AccountsTable;
  wallets: WalletsTable;
  ledger_entries: LedgerEntriesTable;
  sessions: SessionsTable;
  login_events: LoginEventsTable;
  login_throttle: LoginThrottleTable;
  news: NewsTable;
  events: EventsTable;
  markets: MarketsTable;
  runners: RunnersTable;
  fancy_runners: FancyRunnersTable;
  custom_fancy: CustomFancyTable;
  custom_bookmaker: CustomBookmakerTable;
  result_declarations: ResultDeclarationsTable;
  feed_state: FeedStateTable;
  bets: BetsTable;
  exposures: ExposuresTable;
  idempotency_keys: IdempotencyKeysTable;
  chip_settings: ChipSettingsTable;
  settlements: SettlementsTable;
  settlement_lines: SettlementLinesTable;
  hub_tickets: HubTicketsTable;
  matka_games: MatkaGamesTable;
  matka_markets: MatkaMarketsTable;
  matka_bets: MatkaBetsTable;
  casino_launches: CasinoLaunchesTable;
  casino_sessions: CasinoSessionsTable;
  casino_rounds: CasinoRoundsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_audit: OperatorAuditTable;
  operator_keys: OperatorKeysTable;
}

export interface OperatorsTable {
  id: Generated<string> & Id;
  username: string;
  password_hash: string;
  totp_secret: string;
  role: 'admin' | 'risk' | 'support';
  last_totp_step: ColumnType<
    string | null,
    string | number | null | undefined,
    string | number | null
  >;
  created_at: Timestamp;
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface OperatorSessionsTable {
  id: Generated<string> & Id;
  operator_id: BigIntColumn;
  token_hash: Buffer;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface OperatorAuditTable {
  id: Generated<string> & Id;
  at: Timestamp;
  actor: string;
  action: string;
  target: string;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  outcome: string;
}

export interface OperatorKeysTable {
  actor: string;
  key: string;
  request_hash: Buffer;
  response: ColumnType<unknown, string | null, string | null>;
  created_at: Timestamp;
}

export interface EventsTable {
  id: BigIntColumn;
  sport_id: number;
  series_name: string;
  name: string;
  start_time: Timestamp;
  status: ColumnType<
    'upcoming' | 'inplay' | 'closed',
    'upcoming' | 'inplay' | 'closed' | undefined
  >;
  source: 'simulator' | 'scripted' | 'betfair';
  bet_locked: ColumnType<boolean, boolean | undefined, boolean>;
  fancy_active: ColumnType<boolean, boolean | undefined, boolean>;
  session_min_stake: number;
  session_max_stake: number;
  created_at: Timestamp;
}

export interface MarketsTable {
  id: string;
  event_id: BigIntColumn;
  market_type: Exclude<MarketType, 'FANCY'>;
  name: string;
  min_stake: number;
  max_stake: number;
  status: ColumnType<'OPEN' | 'CLOSED', 'OPEN' | 'CLOSED' | undefined>;
  operator_suspended: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface RunnersTable {
  market_id: string;
  selection_id: BigIntColumn;
  name: string;
  sort_priority: number;
}

export interface FancyRunnersTable {
  selection_id: string;
  event_id: BigIntColumn;
  name: string;
  sort_priority: number;
  created_at: Timestamp;
}

export interface CustomFancyTable {
  selection_id: string;
  event_id: BigIntColumn;
  runner_name: string;
  is_custom: boolean;
  is_active: boolean;
  back_price: number;
  back_size: number;
  lay_price: number;
  lay_size: number;
  game_status: string;
  min_stake: number;
  max_stake: number;
  updated_at: Timestamp;
}

export interface CustomBookmakerTable {
  market_id: string;
  selection_id: BigIntColumn;
  event_id: BigIntColumn;
  runner_name: string;
  is_custom: boolean;
  is_active: boolean;
  status: string;
  back_price: number;
  back_size: number;
  lay_price: number;
  lay_size: number;
  updated_at: Timestamp;
}

export interface ResultDeclarationsTable {
  target: string;
  event_id: BigIntColumn;
  kind: 'market' | 'fancy' | 'void-market' | 'void-fancy';
  winner_selection_id: BigIntColumn | null;
  runs: number | null;
  reason: string | null;
  source: string;
  declared_at: Timestamp;
}

export interface FeedStateTable {
  name: string;
  state: ColumnType<unknown, string, string>;
  updated_at: Timestamp;
}

export interface BetsTable {
  id: Generated<string> & Id;
  client_id: BigIntColumn;
  event_id: BigIntColumn;
  market_id: string;
  market_type: MarketType;
  position_key: string;
  selection_id: string;
  selection_name: string;
  bet_type: 'Back' | 'Lay' | 'Yes' | 'No';
  odds: number;
  price: number;
  stake: number;
  profit_paise: BigIntColumn;
  liability_paise: BigIntColumn;
  status: ColumnType<BetRowStatus, BetRowStatus | undefined>;
  pl_paise: BigIntColumn | null;
  remark: string | null;
  created_at: Timestamp;
  /** When the client cancelled it (status Cancelled, migration 0012); null otherwise. */
  cancelled_at: ColumnType<Date | null, Date | null | undefined>;
  /** The takes it was placed under (migration 0019); null before the network: the house alone. */
  takes_id: ColumnType<string | null, string | number | bigint | null | undefined, never>;
}

/** A bet's state: open, settled (won or void), lost, or cancelled by its client. */
export type BetRowStatus = 'Pending' | 'Settled' | 'Lost' | 'Cancelled';

export interface ExposuresTable {
  client_id: BigIntColumn;
  position_key: string;
  /** Null for a matka market (position_key = its Mid). */
  event_id: BigIntColumn | null;
  exposure_paise: BigIntColumn;
  /** A new value of the sequence position_versions at every change (migration 0009). */
  version: Generated<BigIntColumn>;
}

export interface IdempotencyKeysTable {
  client_id: BigIntColumn;
  key: string;
  request_hash: Buffer;
  response: ColumnType<unknown, string | null, string>;
  created_at: Timestamp;
}

export interface ChipSettingsTable {
  client_id: BigIntColumn;
  chip_names: string;
  chip_values: string;
  updated_at: Timestamp;
}

export interface SettlementsTable {
  target: string;
  event_id: BigIntColumn;
  market_type: MarketType;
  state: 'settled' | 'voided' | 'rolled_back';
  result: string;
  epoch: number;
  reason: string | null;
  updated_at: Timestamp;
}

export interface SettlementLinesTable {
  target: string;
  epoch: number;
  client_id: BigIntColumn;
  gross_paise: BigIntColumn;
  commission_paise: BigIntColumn;
  txn_id: string | null;
  rolled_back: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface HubTicketsTable {
  ticket_hash: Buffer;
  /**
   * A client's ticket names the client and session; an operator's, the operator's session; an
   * agent's, the agent's session (migration 0020).
   */
  client_id: ColumnType<string | null, string | null | undefined, string | null>;
  session_id: ColumnType<string | null, string | null | undefined, string | null>;
  operator_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  agent_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface MatkaGamesTable {
  id: BigIntColumn;
  name: string;
  hindi: string;
  /** Minutes after midnight Asia/Kolkata; a close ≤ open closes the next day. */
  open_minute: number;
  close_minute: number;
}

export interface MatkaMarketsTable {
  id: Generated<string> & Id;
  game_id: BigIntColumn;
  /** `pg` reads a DATE as a Date at local midnight: select it with to_char instead. */
  day: ColumnType<Date, string, string>;
  opens_at: Timestamp;
  closes_at: Timestamp;
  result: ColumnType<string | null, string | null | undefined, string | null>;
  result_source: ColumnType<
    'draw' | 'operator' | null,
    'draw' | 'operator' | null | undefined,
    'draw' | 'operator' | null
  >;
  result_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updated_at: Timestamp;
  // Operator voids and rollbacks (migration 0014).
  voided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  void_reason: ColumnType<string | null, string | null | undefined, string | null>;
  rolled_back_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  rollback_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface MatkaBetsTable {
  id: Generated<string> & Id;
  client_id: BigIntColumn;
  market_id: BigIntColumn;
  bet_no: string;
  amount_paise: BigIntColumn;
  ip_address: string;
  status: ColumnType<MatkaBetStatus, MatkaBetStatus | undefined, MatkaBetStatus>;
  pl_paise: ColumnType<
    string | null,
    string | number | bigint | null | undefined,
    string | number | bigint | null
  >;
  created_at: Timestamp;
  // Operator voids (migration 0014): set while the bet is Voided.
  void_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The takes it was placed under (migration 0019); null before the network: the house alone. */
  takes_id: ColumnType<string | null, string | number | bigint | null | undefined, never>;
}

/** 'Voided': an operator voided the market and the stake went back (migration 0014). */
export type MatkaBetStatus = 'Pending' | 'Settled' | 'Lost' | 'Voided';

export interface CasinoLaunchesTable {
  token_hash: Buffer;
  client_id: BigIntColumn;
  session_id: BigIntColumn;
  game_id: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface CasinoSessionsTable {
  session_hash: Buffer;
  client_id: BigIntColumn;
  session_id: BigIntColumn;
  game_id: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
}

type NullableBigInt = ColumnType<
  string | null,
  string | number | bigint | null | undefined,
  string | number | bigint | null
>;
type NullableJson = ColumnType<unknown, string | null | undefined, string | null>;

export interface CasinoRoundsTable {
  id: Generated<string> & Id;
  round_id: string;
  /** Null only for a Debit refused for an unknown provider session (migration 0014). */
  client_id: ColumnType<
    string | null,
    string | number | bigint | null,
    string | number | bigint | null
  >;
  game_id: ColumnType<string | null, string | null, string | null>;
  /** Null only for a refused round, which holds nothing (migration 0014). */
  stake_paise: NullableBigInt;
  debit_hash: Buffer;
  debit_answer: ColumnType<unknown, string, string>;
  status: ColumnType<CasinoRoundStatus, CasinoRoundStatus | undefined, CasinoRoundStatus>;
  payout_paise: NullableBigInt;
  paid_paise: NullableBigInt;
  detail: ColumnType<string | null, string | null | undefined, string | null>;
  credit_hash: ColumnType<Buffer | null, Buffer | null | undefined, Buffer | null>;
  credit_answer: NullableJson;
  txn_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  settled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  // Operator voids (migration 0014).
  voided_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  void_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The takes it was placed under (migration 0019); null before the network: the house alone. */
  takes_id: ColumnType<string | null, string | number | bigint | null | undefined, never>;
}

/** 'refused': a Debit refused and kept; 'voided': an operator released its stake (migration 0014). */
export type CasinoRoundStatus = 'open' | 'settled' | 'refused' | 'voided';
