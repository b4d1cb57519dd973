import { exclude } from '@backlay/contract/safer/client';
import type { ExclusionPeriod } from '@backlay/contract/safer';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/**
 * A time-out or a self-exclusion. Once it is answered, the server has ended every session of the
 * client: the caller logs out here too.
 */
export function useExclude() {
  return useMutation({
    mutationFn: (period: ExclusionPeriod) => callApi(exclude, { body: { period } }),
  });
}
