import { getBalanceDetail } from '@backlay/contract/wallet/client';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { walletKeys } from '../query-keys';

export function useBalanceDetail(enabled: boolean) {
  return useQuery({
    queryKey: walletKeys.detail(),
    queryFn: ({ signal }) => callApi(getBalanceDetail, { signal }),
    select: (answer) => (answer.Status ? answer.Result : undefined),
    enabled,
  });
}
