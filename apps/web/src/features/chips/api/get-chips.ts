import { getChips } from '@backlay/contract/chips/client';
import { chipsParse, type ChipsResult } from '@backlay/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { chipKeys } from '../query-keys';

export const chipsQuery = () =>
  queryOptions({
    queryKey: chipKeys.settings(),
    queryFn: ({ signal }) => callApi(getChips, { signal }),
    select: (answer): ChipsResult | null => (answer.Status ? chipsParse(answer.Result) : null),
  });

/** The client's stake chips (docs/product.md#entities), loaded on entry to the event screen for the bet slip. */
export function useChips() {
  return useQuery(chipsQuery());
}
