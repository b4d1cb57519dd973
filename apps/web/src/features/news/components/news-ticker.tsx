import { Marquee } from '../../../ui/marquee';
import { useNewsTicker } from '../api/get-news';
import { usePublicNews } from '../api/get-public-news';

/** The ticker under the header: every news message (SPEC §2 Layout). */
export function NewsTicker() {
  const { data } = useNewsTicker();
  return <Marquee label="News" items={(data ?? []).map((item) => item.Message)} />;
}

/** The landing page's marquee: the first public news message (SPEC §2). */
export function PublicNewsMarquee() {
  const { data } = usePublicNews();
  const first = data?.[0]?.Message;
  return <Marquee label="News" items={first ? [first] : []} />;
}
