import { getNews } from '@backlay/contract/news/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { newsKeys } from '../query-keys';

export const newsTickerQuery = () =>
  queryOptions({
    queryKey: newsKeys.ticker(),
    queryFn: ({ signal }) => callApi(getNews, { signal }),
    select: (answer) => (answer.Status ? answer.Result : []),
  });

/** The ticker's messages; reloaded by the session check (docs/product.md#states). */
export function useNewsTicker() {
  return useQuery(newsTickerQuery());
}
