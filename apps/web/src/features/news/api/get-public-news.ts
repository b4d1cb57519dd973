import { getPublicNews } from '@backlay/contract/news/client';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { newsKeys } from '../query-keys';

/** The landing page's news (no login needed). */
export function usePublicNews() {
  return useQuery({
    queryKey: newsKeys.public(),
    queryFn: ({ signal }) => callApi(getPublicNews, { signal }),
    select: (answer) => (answer.Status ? answer.Result : []),
  });
}
