import type { HubPayload } from '@backlay/contract/hub';
import type { MatkaEvent } from '@backlay/contract/matka';
import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import { matkaKeys } from '../query-keys';

/** A matka market's state as the hub's MatkaChanged gives it. */
export type MatkaMarketStatus = HubPayload<'MatkaChanged'>['Status'];

/** What the last MatkaChanged of a market said, and when it arrived. */
export interface MatkaLive {
  readonly eventId: number;
  readonly status: MatkaMarketStatus;
  /** The winning number once settled, else null. */
  readonly result: string | null;
  readonly endTime: string;
  /** When the push arrived (epoch ms): a read answered later knows better. */
  readonly at: number;
}

/** The pushed state of each market seen since the page loaded, by Mid. */
export type MatkaLiveByMid = Readonly<Record<string, MatkaLive>>;

const NONE: MatkaLiveByMid = {};

/** Written by the pushes only: never fetched, never invalidated into a request. */
const matkaLiveQuery = () =>
  ({ queryKey: matkaKeys.live(), queryFn: skipToken, staleTime: Infinity }) as const;

export function useMatkaLive(): MatkaLiveByMid {
  return useQuery<MatkaLiveByMid>(matkaLiveQuery()).data ?? NONE;
}

/**
 * Hub MatkaChanged (a market opened, closed at its EndTime, got its result, was voided or rolled
 * back): the market's state is kept for the boards and the result list, the games list shows it
 * at once, and every matka read that can change asks again — the games, the results, the client's
 * bets of the market and the profit and loss.
 */
export function matkaChangedPut(queryClient: QueryClient, push: HubPayload<'MatkaChanged'>): void {
  const mid = String(push.Mid);
  const live: MatkaLive = {
    eventId: push.EventId,
    status: push.Status,
    result: push.Result,
    endTime: push.EndTime,
    at: Date.now(),
  };
  queryClient.setQueryData<MatkaLiveByMid>(matkaKeys.live(), (held) => ({ ...held, [mid]: live }));
  queryClient.setQueryData<MatkaEvent[]>(matkaKeys.games(), (held) =>
    held?.map((game) =>
      game.Mid === push.Mid
        ? { ...game, isOpen: push.Status === 'open', EndTime: push.EndTime }
        : game,
    ),
  );
  for (const queryKey of [
    matkaKeys.games(),
    matkaKeys.results(),
    matkaKeys.myBets(mid),
    matkaKeys.profitLosses(),
  ]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** Hub UpdateBalance of a matka bet or settlement: the client's matka bets (and exposure) reload. */
export function matkaMoneyMoved(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: matkaKeys.myBetsAll() });
  void queryClient.invalidateQueries({ queryKey: matkaKeys.profitLosses() });
}
