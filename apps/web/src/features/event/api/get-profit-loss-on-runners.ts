import { getProfitLossOnRunners } from '@backlay/contract/bets/client';
import { queryOptions } from '@tanstack/react-query';
import { callApi, type ApiAnswer } from '../../../lib/api';
import { pollEvery } from '../../../lib/data-saver';
import { eventKeys } from '../query-keys';
import { MATCHED_BETS_POLL_MS } from './polling';

/** A market's book: the client's result if each runner wins, by selection id. */
export type RunnerBook = ReadonlyMap<number, number>;

const NONE: RunnerBook = new Map();

const sportsIds = ['1', '2', '4'] as const;
type SportsIdQuery = (typeof sportsIds)[number];
const asSportsId = (sportId: number): SportsIdQuery | undefined =>
  sportsIds.find((id) => id === String(sportId));

type Answer = ApiAnswer<typeof getProfitLossOnRunners>;

/** Stable (module-level), so `useQueries` keeps each selected book between renders. */
const runnerBookOf = (answer: Answer): RunnerBook =>
  answer.Status ? new Map(answer.Result.map((row) => [row.selectionId, row.pL])) : NONE;

export const profitLossOnRunnersQuery = (eventId: string, marketId: string, sportId: number) =>
  queryOptions({
    queryKey: eventKeys.runnerBook(eventId, marketId),
    queryFn: ({ signal }) => {
      const sportsId = asSportsId(sportId);
      return callApi(getProfitLossOnRunners, {
        query: { marketId, ...(sportsId ? { sportsId } : {}) },
        signal,
      });
    },
    refetchInterval: pollEvery(MATCHED_BETS_POLL_MS),
    select: runnerBookOf,
  });
