/**
 * The back office (docs/backoffice.md): operators with their own accounts, TOTP and roles, under
 * `/api/backoffice/`. Every route but login names the roles that may call it; `admin` may call
 * every route. A call that moves money honours `Idempotency-Key` per operator (docs/decisions.md#api).
 */
export { OPERATOR_ROLES, type OperatorRole } from './values.js';
export { operatorRole } from './roles.js';
export { operatorHubTicket, operatorLogin, operatorLogout, operatorMe } from './session.js';
export {
  clientPosition,
  houseRunner,
  riskBook,
  riskCasino,
  riskFancy,
  riskMarket,
  riskMatka,
  type RiskCasino,
  type RiskFancy,
  type RiskMarket,
  type RiskMatka,
} from './risk.js';
export {
  boCustomBookmaker,
  boCustomFancy,
  boDeclareResult,
  boEvent,
  boEvents,
  boLockEvent,
  boRollback,
  boSuspendMarket,
  boVoid,
  type BoEvent,
} from './markets.js';
export {
  boClient,
  boClientDetail,
  boClients,
  boCreateClient,
  boCredit,
  boLiftExclusion,
  boLimitCeiling,
  boLockBetting,
  boResetPassword,
  type BoClient,
} from './clients.js';
export {
  boCasinoRounds,
  boCasinoVoid,
  boMatkaDeclare,
  boMatkaMarkets,
  boMatkaRollback,
  boMatkaVoid,
} from './matka-casino.js';
export { boNews } from './news.js';
export { auditEntry, boAudit, type AuditEntry } from './audit.js';
