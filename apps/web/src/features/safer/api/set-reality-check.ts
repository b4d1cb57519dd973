import { setRealityCheck } from '@backlay/contract/safer/client';
import type { RealityCheckMinutes } from '@backlay/contract/safer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { saferKeys } from '../query-keys';

/** Chooses the reality check's interval (or turns it off); the answer's settings are cached. */
export function useSetRealityCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (minutes: RealityCheckMinutes) => callApi(setRealityCheck, { body: { minutes } }),
    onSuccess: (answer) => {
      if (answer.Status) queryClient.setQueryData(saferKeys.settings(), answer.Result);
    },
  });
}
