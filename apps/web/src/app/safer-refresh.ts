import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { saferKeys } from '../features/safer/query-keys';
import { walletKeys } from '../features/wallet/query-keys';

/**
 * What the client's loss limits leave moves with their money: whenever the balance answers
 * something new (after a bet, a settlement, a casino round, a matka bet — whoever asked for it),
 * the safer settings are asked for again, so the bet slip's line and the page stay true. An
 * answer equal to the last one (the session check's reload every 10 s) asks nothing.
 */
export function useSaferFollowsBalance(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const balance = hashKey(walletKeys.balance());
    let last: unknown;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.query.queryHash !== balance) return;
      const data: unknown = event.query.state.data;
      // Structural sharing keeps an equal answer the same object.
      if (last !== undefined && data !== last) {
        // A read already out (asked after the bet itself) answers for this change too.
        void queryClient.invalidateQueries(
          { queryKey: saferKeys.settings() },
          { cancelRefetch: false },
        );
      }
      last = data;
    });
  }, [queryClient]);
}
