import { checkIsValid } from '@backlay/contract/auth/client';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { sessionKeys } from '../query-keys';

/** docs/product.md#constants: the session check runs every 10000 ms. */
export const SESSION_CHECK_MS = 10_000;

export const sessionCheckQuery = () =>
  queryOptions({
    queryKey: sessionKeys.check(),
    queryFn: ({ signal }) => callApi(checkIsValid, { signal }),
    refetchInterval: SESSION_CHECK_MS,
    refetchIntervalInBackground: true,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
