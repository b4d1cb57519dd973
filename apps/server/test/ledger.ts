/**
 * The wallet's own ledger writes, for tests that need entries at chosen times and kinds (the
 * reports' suites): what the money paths post, without a bet or a result behind it.
 */
export { clientAccountId, houseAccountId, postPair } from '../src/modules/wallet/wallet.queries.js';
