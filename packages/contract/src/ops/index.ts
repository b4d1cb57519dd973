/**
 * The ops API (docs/backoffice.md): `/api/ops/…` under the operator token, for the CLI
 * (`npm run ops`), scripts and the scripted feed. The back office reuses its bodies.
 */
export { username } from './fields.js';
export {
  createClient,
  createClientBody,
  credit,
  creditBody,
  liftExclusion,
  limitCeiling,
  limitCeilingBody,
  type CreateClientBody,
  type CreditBody,
  type LimitCeilingBody,
} from './clients.js';
export { newsBody, postNews, type NewsBody } from './news.js';
export {
  customBookmakerBody,
  customFancyBody,
  eventBody,
  lockEvent,
  marketBody,
  resumeMarket,
  setCustomBookmaker,
  setCustomFancy,
  suspendMarket,
  unlockEvent,
  type CustomBookmakerBody,
  type CustomFancyBody,
} from './markets.js';
export {
  feedReplay,
  feedReplayBody,
  feedStatus,
  fixtureEvent,
  fixtureEventBody,
  fixtureStep,
  fixtureStepBody,
  fixtureStepEndpoint,
  MAX_FIXTURE_STEPS,
  type FixtureEventBody,
  type FixtureStep,
  type FixtureStepBody,
} from './fixtures.js';
export {
  declareResult,
  declareResultBody,
  rollbackResult,
  setCommission,
  voidMarket,
  type DeclareResultBody,
} from './settlement.js';
export {
  matkaGame,
  matkaGameBody,
  matkaResult,
  matkaResultBody,
  type MatkaGameBody,
  type MatkaResultBody,
} from './matka.js';
export { createOperator } from './operators.js';
