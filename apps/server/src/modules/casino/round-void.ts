/**
 * The operator's void of a casino round its provider left open (docs/architecture.md, "Operator
 * voids and rollbacks (casino, matka)"), with the round's snapshots for the audit log.
 */
import { assertNever } from '@backlay/domain';
import type { Tx } from '../../db/pool.js';
import { rupeesWire } from '../../money.js';
import type { Clock } from '../../seams.js';
import type { OperatorOutcome } from '../operator-outcome.js';
import { lockClientWallet, releasePosition } from '../wallet/wallet.service.js';
import * as q from './casino.queries.js';
import { casinoGame } from './casino.wire.js';
import type { Moved } from './provider-wallet.js';

/** Paise as an audit snapshot writes them: a string, exact at any size. */
const paiseText = (paise: bigint) => paise.toString();

/** A round as the operator's audit log keeps it, before and after an action. */
function roundSnapshot(round: q.RoundRow) {
  return {
    roundId: round.roundId,
    status: round.status,
    clientId: round.clientId,
    gameId: round.gameId,
    stakePaise: paiseText(round.stakePaise),
    ...(round.voidReason === null ? {} : { voidReason: round.voidReason }),
  };
}

/**
 * An operator's void of a round whose provider never sent its Credit (docs/architecture.md,
 * "Operator voids and rollbacks"): the round row FOR UPDATE, then the client's wallet, the
 * stake's hold released once and the round marked voided. No ledger row: an open round has booked
 * nothing, for the client or the levels above it (docs/agents.md#settlement-split), so there is
 * nothing to reverse; the stake only stops being held.
 */
export async function voidRoundIn(
  deps: { readonly clock: Clock },
  tx: Tx,
  roundId: string,
  reason: string,
  moved: Moved,
): Promise<OperatorOutcome> {
  const why = reason.trim();
  if (why === '') return { ok: false, message: 'Give the reason for voiding the round' };
  const round = await q.lockRound(tx, roundId);
  if (!round) return { ok: false, message: `No casino round ${roundId}` };
  const before = roundSnapshot(round);
  switch (round.status) {
    case 'open':
      break;
    case 'settled':
      return {
        ok: false,
        message: `Round ${roundId} was settled by its Credit${round.settledAt ? ` at ${round.settledAt.toISOString()}` : ''}: there is no stake to release`,
        before,
      };
    case 'voided':
      return {
        ok: false,
        message: `Round ${roundId} was voided already${round.voidedAt ? ` at ${round.voidedAt.toISOString()}` : ''}: its stake was released then`,
        before,
      };
    case 'refused':
      return {
        ok: false,
        message: `Round ${roundId} was refused at its Debit: it holds no stake`,
        before,
      };
    default:
      return assertNever(round.status, 'round status');
  }
  const clientId = round.clientId;
  if (clientId === null) throw new Error(`open round ${roundId} has no client`);
  const profile = await q.clientProfile(tx, clientId);
  const locked = await lockClientWallet(tx, clientId);
  if (!profile || !locked) throw new Error(`client ${clientId} has no account`);
  const released = await releasePosition(tx, {
    accountId: locked.accountId,
    clientId,
    positionKey: q.roundPositionKey(roundId),
  });
  const at = deps.clock.now();
  await q.voidRound(tx, { roundId, reason: why, at });
  moved(clientId, round.gameId);
  return {
    ok: true,
    message: `Voided round ${roundId} of ${profile.username} (${casinoGame(round.gameId).name}): stake ₹ ${rupeesWire(released).toFixed(2)} released`,
    before,
    after: {
      ...roundSnapshot({ ...round, status: 'voided', voidedAt: at, voidReason: why }),
      releasedPaise: paiseText(released),
    },
  };
}
