import type { Config } from './config.js';
import type { Changes } from './db/changes.js';
import type { Db } from './db/pool.js';
import type { PriceBook } from './feed/price-book.js';
import { silentPublisher, type HubPublisher } from './hub/hub.js';
import { createMarketPushes } from './hub/market-pushes.js';
import { createRiskPushes } from './hub/risk-pushes.js';
import { createAgentAuth } from './modules/agents/agent-auth.js';
import { createAgentsService } from './modules/agents/agents.service.js';
import { createAuthService } from './modules/auth/auth.service.js';
import type { PasswordHasher } from './modules/auth/password.js';
import { createBetsService } from './modules/bets/bets.service.js';
import { createCasinoService } from './modules/casino/casino.service.js';
import { casinoGame } from './modules/casino/casino.wire.js';
import { createChipsService } from './modules/chips/chips.service.js';
import { createClientsAdmin } from './modules/clients/clients-admin.js';
import { createClientsService } from './modules/clients/clients.service.js';
import { createIdempotency } from './modules/idempotency/idempotency.service.js';
import { createCatalog, type Catalog } from './modules/markets/catalog.js';
import { createMarketReads } from './modules/markets/market-reads.js';
import { createMarketsService } from './modules/markets/markets.service.js';
import { createMatkaService } from './modules/matka/matka.service.js';
import { createNewsService } from './modules/news/news.service.js';
import { createOperatorActions } from './modules/operators/operator-actions.js';
import { createOperatorAudit } from './modules/operators/operator-audit.js';
import { createOperatorsService } from './modules/operators/operators.service.js';
import { createReportsService } from './modules/reports/reports.service.js';
import { createRiskService } from './modules/risk/risk.service.js';
import { createSaferService } from './modules/safer/safer.service.js';
import {
  createSettlementService,
  type SettlementService,
} from './modules/settlement/settlement.service.js';
import { BUILT_IN_BRANDS, createSiteService, loadBrandTable } from './modules/site/site.service.js';
import { createWalletService } from './modules/wallet/wallet.service.js';
import { createOperatorCommands } from './ops/operator-commands.js';
import { systemTimer, type Clock, type Random, type Timer } from './seams.js';
import { tvUrlOf } from './tv-url.js';

export type ServicesConfig = Pick<
  Config,
  | 'session'
  | 'operatorSession'
  | 'loginThrottle'
  | 'feedStaleS'
  | 'reportTz'
  | 'tvUrl'
  | 'matkaPayout'
  | 'betDelay'
  | 'houseMargins'
  | 'brandsFile'
  | 'casino'
>;

export interface ServicesDeps {
  readonly config: ServicesConfig;
  readonly db: Db;
  readonly clock: Clock;
  readonly random: Random;
  readonly passwords: PasswordHasher;
  /** The writers' notifications that keep the caches current. */
  readonly changes: Changes;
  /** The feed's books: prices every bet and read is checked against. */
  readonly priceBook: PriceBook;
  /** Where pushes go: the hub's connections, every instance's through Redis, or nowhere. */
  readonly publisher?: HubPublisher;
  /** What the in-play bet delay waits through; real time by default. */
  readonly timer?: Timer;
  /** The built-in live TV page's bound port; its URLs are used when `TV_URL` is unset. */
  readonly tvPort?: number;
  /** Where a warning of a service goes (a lost cache notification). */
  readonly warn: (message: string) => void;
  /** The events' facts in memory; made here when absent. */
  readonly catalog?: Catalog;
  /** Made here when absent; a test may bring its own. */
  readonly settlement?: SettlementService;
}

/**
 * Every service of the server, each made once (docs/architecture.md, "The house"): the HTTP
 * modules, the feed's listeners, the matka draw, the seed and the TV page all use these.
 */
export function createServices(deps: ServicesDeps) {
  const { config, db, clock, random, passwords, changes, priceBook } = deps;
  const publisher = deps.publisher ?? silentPublisher;
  const catalog = deps.catalog ?? createCatalog({ db, changes, clock });
  const auth = createAuthService({
    db,
    clock,
    random,
    passwords,
    session: config.session,
    throttle: config.loginThrottle,
    changes,
    reportTz: config.reportTz,
  });
  const safer = createSaferService({ db, clock, auth, reportTz: config.reportTz });
  const wallet = createWalletService({ db, clock, random });
  const settlement =
    deps.settlement ??
    createSettlementService({ db, clock, random, onChanged: (eventId) => catalog.forget(eventId) });
  const news = createNewsService({ db, clock });
  const clients = createClientsService({ db, clock, passwords });
  // The agent network (docs/agents.md): its back office's logins and its users' actions.
  const agents = createAgentsService({
    db,
    clock,
    random,
    passwords,
    throttle: config.loginThrottle,
    clients,
    reportTz: config.reportTz,
  });
  const agentAuth = createAgentAuth({
    db,
    clock,
    random,
    passwords,
    session: config.operatorSession,
    throttle: config.loginThrottle,
  });
  const operators = createOperatorsService({
    db,
    clock,
    random,
    passwords,
    session: config.operatorSession,
    throttle: config.loginThrottle,
  });
  const markets = createMarketsService({
    db,
    clock,
    priceBook,
    catalog,
    margins: config.houseMargins,
  });
  const idempotency = createIdempotency({ db, clock });
  const bets = createBetsService({
    db,
    clock,
    priceBook,
    catalog,
    changes,
    betDelay: config.betDelay,
    margins: config.houseMargins,
    timer: deps.timer ?? systemTimer,
    reportTz: config.reportTz,
  });
  const marketReads = createMarketReads({
    catalog,
    priceBook,
    clock,
    tvUrl: tvUrlOf(config.tvUrl, deps.tvPort),
    betDelay: config.betDelay,
    margins: config.houseMargins,
    // BmFancy's fancy rows carry the caller's position on each (their profitLoss).
    fancyWorst: (clientId, eventId) => bets.fancyWorst(clientId, eventId),
    fancyWorstInMemory: (clientId, eventId) => bets.fancyWorstInMemory(clientId, eventId),
    caughtUp: () => changes.caughtUp(),
  });
  // The back office's risk screens hear every change of the house's book (docs/backoffice.md,
  // "Live risk"): bets, results, matka bets and draws, casino rounds.
  const risk = createRiskPushes(publisher);
  const matka = createMatkaService({
    db,
    clock,
    random,
    idempotency,
    payout: config.matkaPayout,
    stakeRefusal: safer.stakeRefusalIn,
    // Every screen's matka board follows each market's open, close, result, void and rollback,
    // and a bettor's header reloads when a result, void or rollback moved their money (the hub,
    // after the commit).
    onChanged: (change) => {
      publisher.toAll({ target: 'MatkaChanged', payload: change });
      // A draw, declaration, void or rollback moves the market's open bets; a close its state.
      if (change.Status !== 'open') risk.changed(change.EventId);
    },
    onBalanceChanged: (clientId) =>
      publisher.toUser(clientId, { target: 'UpdateBalance', payload: { Reason: 'matka' } }),
  });
  const casino = createCasinoService({
    db,
    clock,
    random,
    defaultWinLimitPaise: config.casino.winLimitPaise,
    stakeRefusal: safer.stakeRefusalIn,
    // The player's header follows each round at once, as after a bet (the hub's UpdateBalance).
    onBalanceChanged: (clientId) =>
      publisher.toUser(clientId, { target: 'UpdateBalance', payload: { Reason: 'casino' } }),
    // A round opened or settled: the stakes its game holds changed.
    onRoundChanged: (gameId) => {
      const eventId = casinoGame(gameId).eventId;
      if (eventId !== null) risk.changed(eventId);
    },
  });
  const pushes = createMarketPushes({
    publisher,
    catalog,
    priceBook,
    clock,
    betDelay: config.betDelay,
    margins: config.houseMargins,
  });
  const commands = createOperatorCommands({
    auth,
    clients,
    wallet,
    news,
    publisher,
    settlement,
    markets,
    pushes,
    risk,
    matka,
    casino,
    safer,
  });
  return {
    publisher,
    catalog,
    auth,
    safer,
    wallet,
    settlement,
    news,
    clients,
    agents,
    agentAuth,
    clientsAdmin: createClientsAdmin(db, safer),
    chips: createChipsService({ db, clock }),
    operators,
    markets,
    marketReads,
    bets,
    reports: createReportsService({ db, clock, reportTz: config.reportTz }),
    matka,
    casino,
    pushes,
    risk,
    riskBook: createRiskService({ db, clock, catalog, matkaPayout: config.matkaPayout }),
    // Every operator command, for the CLI's token and the back office's operators alike, runs
    // as an audited action with its Idempotency-Key (docs/backoffice.md).
    act: createOperatorActions({ db, clock }),
    audit: createOperatorAudit(db),
    commands,
    site: createSiteService(loadBrandTable(config.brandsFile ?? BUILT_IN_BRANDS), {
      reportTimeZone: config.reportTz,
      priceStaleSeconds: config.feedStaleS,
      matkaPayout: config.matkaPayout,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;
