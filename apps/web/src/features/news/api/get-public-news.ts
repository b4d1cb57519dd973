import { useQuery } from '@tanstack/react-query';
import { newsKeys } from '../query-keys';
import { fetchPublicNewsLine } from './fetch-public-news';

/** The landing page's marquee line: the first public news message (no login needed). */
export function usePublicNews() {
  return useQuery({
    queryKey: newsKeys.public(),
    queryFn: ({ signal }) => fetchPublicNewsLine(signal),
  });
}
