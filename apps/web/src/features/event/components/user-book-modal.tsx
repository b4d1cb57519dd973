import { marketNameSides, positionTone } from '@backlay/domain';
import { formatMoney } from '../../../lib/format';
import { Modal } from '../../../ui/modal';
import { useUserBook } from '../api/get-user-book';
import styles from './modals.module.css';

interface UserBookRow {
  readonly userName: string;
  readonly pL: number;
  readonly filterOrder: 0 | 1;
}

interface UserLine {
  readonly userName: string;
  readonly figures: readonly number[];
}

/** docs/product.md#entities user book rows: a filterOrder 1 row names a user, the 0 rows after it are its figures. */
export function userBookLines(rows: readonly UserBookRow[]): UserLine[] {
  const lines: { userName: string; figures: number[] }[] = [];
  for (const row of rows) {
    if (row.filterOrder === 1) lines.push({ userName: row.userName, figures: [] });
    else lines.at(-1)?.figures.push(row.pL);
  }
  return lines;
}

/**
 * The user book (docs/product.md#screens): titled 'Position Of {market name}', one column per side of the name
 * split on ' v ' (a third runner, the draw, adds its own column), one line per user.
 * `title` is the match name (docs/product.md#entities: a market list item's MarketName is the match, `A v B`);
 * `caption` names the market the book is of (Match Odds, Bookmaker, Toss). Names stay on one line,
 * cut with an ellipsis where the figures need the room (each in full in its cell's title).
 */
export function UserBookModal({
  eventId,
  marketId,
  uid,
  title,
  caption,
  runnerNames,
  onClose,
}: {
  eventId: string;
  marketId: string;
  uid: string;
  title: string;
  caption: string;
  runnerNames: readonly string[];
  onClose: () => void;
}) {
  const book = useUserBook(eventId, marketId, uid);
  const lines = book.data?.Status ? userBookLines(book.data.Result) : [];
  const sides = marketNameSides(title);
  const width = Math.max(sides.length, ...lines.map((line) => line.figures.length));
  const columns = Array.from(
    { length: width },
    (_, index) => sides[index] ?? runnerNames[index] ?? `Runner ${index + 1}`,
  );
  return (
    <Modal title={`Position Of ${title}`} onClose={onClose}>
      <p className={styles.caption}>{caption}</p>
      {book.isPending ? (
        <p className={styles.note}>Loading…</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">User</th>
              {columns.map((column, index) => (
                <th
                  key={`${column}-${index}`}
                  scope="col"
                  title={column}
                  className={styles.name}
                  data-name={column}
                >
                  <span className={styles.clip}>{column}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lines.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 1} className={styles.empty}>
                  No data available
                </td>
              </tr>
            ) : (
              lines.map((line) => (
                <tr key={line.userName}>
                  <th
                    scope="row"
                    title={line.userName}
                    className={styles.name}
                    data-name={line.userName}
                  >
                    <span className={styles.clip}>{line.userName}</span>
                  </th>
                  {columns.map((column, index) => {
                    const figure = line.figures[index];
                    return (
                      <td
                        key={`${column}-${index}`}
                        className={styles.figure}
                        data-tone={figure === undefined ? undefined : positionTone(figure)}
                      >
                        {figure === undefined ? '' : formatMoney(figure)}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
