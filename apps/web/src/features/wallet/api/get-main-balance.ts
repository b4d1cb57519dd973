import { getMainBalance } from '@backlay/contract/wallet/client';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { walletKeys } from '../query-keys';

/** The header's W: figure; reloaded by the session check and after every bet. */
export function useMainBalance() {
  return useQuery({
    queryKey: walletKeys.balance(),
    queryFn: ({ signal }) => callApi(getMainBalance, { signal }),
    select: (answer) => (answer.Status ? answer.Result.MainBalance : undefined),
  });
}
