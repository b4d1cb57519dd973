import { getAllNews } from '@backlay/contract/news/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { newsKeys } from '../query-keys';

export const allNewsQuery = () =>
  queryOptions({
    queryKey: newsKeys.list(),
    queryFn: ({ signal }) => callApi(getAllNews, { signal }),
    select: (answer) => (answer.Status ? answer.Result : []),
  });

/** Every news message, latest first, for `/news`; reloaded with the ticker by the session check. */
export function useAllNews() {
  return useQuery(allNewsQuery());
}
