import { positionTone } from '@backlay/domain';
import { formatMoney } from '../../../lib/format';
import { Modal } from '../../../ui/modal';
import { useFancyCurrentPosition } from '../api/get-fancy-current-position';
import styles from './modals.module.css';

/**
 * A fancy runner's position (docs/product.md#screens): Runs and Position at each run value, red if negative,
 * green otherwise. Read from GetFancyCurrentPosition when it opens.
 */
export function PositionModal({
  eventId,
  selectionId,
  runnerName,
  onClose,
}: {
  eventId: string;
  selectionId: string;
  runnerName: string;
  onClose: () => void;
}) {
  const ladder = useFancyCurrentPosition(eventId, selectionId);
  const rungs = ladder.data?.Status ? ladder.data.Result : [];
  return (
    <Modal title={`Position: ${runnerName}`} onClose={onClose}>
      {ladder.isPending ? (
        <p className={styles.note}>Loading…</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Runs</th>
              <th scope="col">Position</th>
            </tr>
          </thead>
          <tbody>
            {rungs.length === 0 ? (
              <tr>
                <td colSpan={2} className={styles.empty}>
                  No data available
                </td>
              </tr>
            ) : (
              rungs.map((rung) => (
                <tr key={rung.RunValue}>
                  <td>{rung.RunValue}</td>
                  <td className={styles.figure} data-tone={positionTone(rung.Pl)}>
                    {formatMoney(rung.Pl)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
