import type { MatkaEvent } from '@backlay/contract/matka';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { matkaResultsQuery } from '../api/get-bet-result';
import { matkaGamesQuery } from '../api/get-event-markets';
import { useMatkaLive, type MatkaLive, type MatkaMarketStatus } from '../api/live';

/** A market's state as the screen knows it: the server's, or not known yet. */
type KnownStatus = MatkaMarketStatus | 'unknown';

/** One market's state and close, from the newer of the games list and the last push. */
export function marketStatusOf({
  eventId,
  mid,
  games,
  gamesAt,
  live,
  endTimeHint,
}: {
  eventId: string;
  mid: string;
  games: readonly MatkaEvent[] | undefined;
  /** When the games list was answered (epoch ms). */
  gamesAt: number;
  live: MatkaLive | undefined;
  /** The close the games list passed along with the link, until the list itself is read. */
  endTimeHint: string | undefined;
}): { status: KnownStatus; endTime: string | undefined } {
  const fromPush = live ? { status: live.status, endTime: live.endTime } : undefined;
  if (fromPush && live && live.at >= gamesAt) return fromPush;
  const game = games?.find((entry) => String(entry.Mid) === mid);
  if (game) return { status: game.isOpen ? 'open' : 'closed', endTime: game.EndTime };
  // The game's current market is another one: this one takes no more bets.
  if (games?.some((entry) => String(entry.EventId) === eventId)) {
    return { status: fromPush?.status ?? 'closed', endTime: fromPush?.endTime };
  }
  return fromPush ?? { status: 'unknown', endTime: endTimeHint };
}

export interface MatkaMarketState {
  /** Bets are no longer taken: the server said so, or the close has come by this clock. */
  readonly isClosed: boolean;
  /** The close (epoch ms) while the market is open and its close known, else null. */
  readonly closesAt: number | null;
  /**
   * The winning number once settled: from the last push, else from the results list (a board
   * opened after the result, or whose push came before the hub connected); null before.
   */
  readonly result: string | null;
}

/** The longest wait setTimeout keeps (about 24.8 days); a longer one is waited in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Whether the client's clock has reached `deadline` (epoch ms; null: never): one timer, set for
 * the deadline itself, so the screen changes at that moment and renders nothing in between.
 */
export function useHasPassed(deadline: number | null): boolean {
  const [clock, setClock] = useState(() => ({ deadline, now: Date.now() }));
  if (clock.deadline !== deadline) setClock({ deadline, now: Date.now() });

  useEffect(() => {
    if (deadline === null || clock.now >= deadline) return;
    const wait = Math.min(deadline - clock.now, MAX_DELAY_MS);
    const timer = setTimeout(() => setClock({ deadline, now: Date.now() }), wait);
    return () => clearTimeout(timer);
  }, [deadline, clock]);

  return deadline !== null && clock.now >= deadline;
}

/**
 * The board's market: open or closed, its close, and the result a push declared. It locks at
 * EndTime by the client's clock without a reload (one timer), and at once on a 'closed' push; the
 * games list says which market of the game is current.
 */
export function useMatkaMarketState(
  eventId: string,
  mid: string,
  endTimeHint?: string,
): MatkaMarketState {
  const games = useQuery(matkaGamesQuery());
  const results = useQuery(matkaResultsQuery());
  const live = useMatkaLive()[mid];
  const { status, endTime } = marketStatusOf({
    eventId,
    mid,
    games: games.data,
    gamesAt: games.dataUpdatedAt,
    live,
    endTimeHint,
  });
  const end = endTime === undefined ? Number.NaN : Date.parse(endTime);
  const closesAt = (status === 'open' || status === 'unknown') && Number.isFinite(end) ? end : null;
  const isPast = useHasPassed(closesAt);
  return {
    isClosed: (status !== 'open' && status !== 'unknown') || isPast,
    closesAt: isPast ? null : closesAt,
    result: live
      ? live.status === 'settled'
        ? live.result
        : null
      : (results.data?.find((entry) => String(entry.MarketId) === mid)?.Result ?? null),
  };
}

/** The countdown's time: `m:ss` under an hour (`12:34`), `h:mm:ss` from an hour on (`1:02:03`). */
export function formatClosesIn(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const secs = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

/** The countdown's text: `Closes in 12:34`. */
export const closesInText = (seconds: number) => `Closes in ${formatClosesIn(seconds)}`;

/** The note of a board (and game) that takes no more bets. */
export const CLOSED_FOR_BETTING = 'Closed for betting';
