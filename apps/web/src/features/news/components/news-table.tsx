import { formatDateTime } from '../../../lib/format';
import { PleaseWait } from '../../../ui/please-wait';
import { useAllNews } from '../api/get-all-news';
import styles from './news-table.module.css';

export const NO_NEWS = 'No data available';

/** `/news`: the Date and News table (docs/product.md#screens), dates as `D MMM YYYY hh:mm A` (docs/product.md#constants). */
export function NewsTable() {
  const { data, isPending } = useAllNews();
  if (isPending) return <PleaseWait />;
  const news = data ?? [];
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col" className={styles.date}>
            Date
          </th>
          <th scope="col">News</th>
        </tr>
      </thead>
      <tbody>
        {news.length === 0 ? (
          <tr>
            <td colSpan={2} className={styles.empty}>
              {NO_NEWS}
            </td>
          </tr>
        ) : (
          news.map((item, index) => (
            <tr key={`${item.createdOn}-${index}`}>
              <td className={styles.date}>
                <time dateTime={item.createdOn}>{formatDateTime(item.createdOn)}</time>
              </td>
              <td>{item.Message}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
