import { useDataSaver } from '../../../lib/data-saver';
import { Marquee } from '../../../ui/marquee';
import { useNewsTicker } from '../api/get-news';
import { usePublicNews } from '../api/get-public-news';

/**
 * The ticker under the header: every news message (docs/product.md#screens Layout). With the data saver on it
 * stands still: one line, the messages side by side, cut at the edge (docs/pwa-and-data-saver.md).
 */
export function NewsTicker() {
  const { data } = useNewsTicker();
  const dataSaver = useDataSaver();
  return (
    <Marquee label="News" items={(data ?? []).map((item) => item.Message)} still={dataSaver} />
  );
}

/** The landing page's marquee: the first public news message (docs/product.md#screens). */
export function PublicNewsMarquee() {
  const { data } = usePublicNews();
  return <Marquee label="News" items={data ?? []} />;
}
