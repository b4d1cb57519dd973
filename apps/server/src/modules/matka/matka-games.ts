/** The matka games on their daily schedule: an operator's new game, its markets made at once. */
import type { Tx } from '../../db/pool.js';
import type { Clock } from '../../seams.js';
import type { OperatorOutcome } from '../operator-outcome.js';
import { MATKA_ANSWERS } from './matka-answers.js';
import { ensureMarkets, insertGame, MATKA_TZ } from './matka.queries.js';

/** A game for the daily schedule: minutes after midnight in MATKA_TZ. */
export interface NewMatkaGame {
  readonly name: string;
  readonly hindi: string;
  readonly openMinute: number;
  readonly closeMinute: number;
}

const clockTime = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/**
 * An operator's new game on the daily schedule; a close at or before the open crosses midnight.
 * Its markets exist at once, and the scheduler's next tick tells everyone the one open now.
 */
export async function addGameIn(
  deps: { readonly clock: Clock },
  tx: Tx,
  game: NewMatkaGame,
): Promise<OperatorOutcome> {
  if (game.openMinute === game.closeMinute) {
    return { ok: false, message: MATKA_ANSWERS.sameMinute };
  }
  const id = await insertGame(tx, game);
  if (id === undefined) return { ok: false, message: `A matka game named ${game.name} exists` };
  await ensureMarkets(tx, deps.clock.now());
  const hours = `${clockTime(game.openMinute)} to ${clockTime(game.closeMinute)}`;
  return {
    ok: true,
    message: `Added matka game ${game.name} (EventId ${id}), open ${hours} ${MATKA_TZ} every day`,
    after: { id, ...game },
  };
}
