import { casinoLaunch } from '@backlay/contract/casino/client';
import type { CasinoGameId } from '@backlay/contract/casino';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answered, ApiError, callApi } from '../../../lib/api';
import { casinoKeys } from '../query-keys';

export const LAUNCH_FAILED = 'The game could not be opened';

/**
 * A launch's frame URL must be a web page: anything else (a `javascript:` URL) would run in a
 * frame that may use our origin's scripts.
 */
function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url, window.location.href);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * POST /api/Casino/Launch (docs/decisions.md#silent-rules "Casino"): mints a one-use launch token and answers the
 * provider's frame URL, `CASINO_URL/{gameid}?company=…&token=…`. The bearer token never goes
 * into it. A launch is asked once per visit: never refetched, never retried by itself (the token
 * is single use), and not aborted when a component remounts, so the answer is never lost.
 */
export const casinoLaunchQuery = (gameId: CasinoGameId, launch: number) =>
  queryOptions({
    queryKey: casinoKeys.launch(gameId, launch),
    queryFn: async () => {
      const { Result } = answered(await callApi(casinoLaunch, { body: { gameId } }));
      if (!isWebUrl(Result.Url)) throw new ApiError(200, LAUNCH_FAILED);
      return Result;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnReconnect: false,
    refetchOnWindowFocus: false,
  });

export function useCasinoLaunch(gameId: CasinoGameId, launch: number) {
  return useQuery(casinoLaunchQuery(gameId, launch));
}
