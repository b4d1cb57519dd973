import { setLimit } from '@backlay/contract/safer/client';
import type { SetLimitBody } from '@backlay/contract/safer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { saferKeys } from '../query-keys';

/**
 * Sets, lowers, raises or removes one limit. Lowering takes effect at once, raising or removing
 * after 24 hours: the answer's message says which, and its settings replace the cached ones.
 */
export function useSetLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetLimitBody) => callApi(setLimit, { body }),
    onSuccess: (answer) => {
      if (answer.Status) queryClient.setQueryData(saferKeys.settings(), answer.Result.settings);
    },
  });
}
