import { paiseToRupees, positionTone, type CashOutMarket, type CashOutPlan } from '@backlay/domain';
import { useCallback, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { toast } from '../../../lib/toast';
import { newIdempotencyKey } from '../../../lib/api';
import { secondsLeft, useCountdownNow } from '../../../lib/countdown';
import { formatMoney } from '../../../lib/format';
import { STALE_REASON, useTableFreshness } from '../../../lib/price-freshness';
import { Modal } from '../../../ui/modal';
import { useCashOut } from '../api/cash-out';
import type { RunnerBook } from '../api/get-profit-loss-on-runners';
import {
  CASH_OUT_PERCENTS,
  cashOutBetText,
  cashOutBody,
  cashOutHeadline,
  cashOutPrices,
  planCashOut,
  samePrices,
  type CashOutPercent,
} from '../cash-out';
import type { TableBoard, TableRunner } from '../market-model';
import { useSourceSelect, type PriceSource } from '../price-source';
import modals from './modals.module.css';
import styles from './cash-out.module.css';

/** What the dialog says while the cash out is held for the market's in-play delay. */
export const cashOutHeldText = (seconds: number): string => `Held for in-play delay: ${seconds} s`;

const NO_DEADLINES: readonly number[] = [];

const runnersOf = (board: TableBoard): readonly TableRunner[] => board.table.runners;
const sameNames = (a: readonly TableRunner[], b: readonly TableRunner[]) =>
  a.length === b.length &&
  a.every((runner, i) => runner.selectionId === b[i]?.selectionId && runner.name === b[i]?.name);

type ReadyPlan = Extract<CashOutPlan, { ok: true }>;

/**
 * The cash out of a match odds or bookmaker position (docs/architecture.md, "Cash out"): a
 * share of it (100 %, 75 %, 50 % or 25 %), the bets that make it, each runner's result now and
 * after, and what the client gets whichever runner wins. The plan is the domain's, from the
 * client's book and the table's best prices, made again as they move. Confirm sends exactly
 * those bets with an Idempotency-Key (kept by retries); the server holds them for the market's
 * in-play delay, counted down here. The answer is toasted and the screen refreshes the book,
 * bets and balance whatever it was; a cash out made closes the dialog. While a cash out is out
 * the dialog stays, so that a second one cannot be made from the same book.
 */
export function CashOutModal({
  market,
  marketId,
  marketName,
  eventId,
  board,
  isEventOpen,
  book,
  betDelay,
  onAnswered,
  onClose,
}: {
  market: CashOutMarket;
  marketId: string;
  marketName: string;
  eventId: number;
  board: PriceSource<TableBoard>;
  isEventOpen: boolean;
  /** The client's book on the market (GetProfitLossOnRunners, rupees by selection id). */
  book: RunnerBook;
  /** Seconds the server holds a bet on the market (its in-play delay); 0 when none. */
  betDelay: number;
  /** A cash out was answered: the screen refreshes balance, bets and books. */
  onAnswered: () => void;
  onClose: () => void;
}) {
  const ids = { share: useId(), bets: useId() };
  const [percent, setPercent] = useState<CashOutPercent>(100);
  const runners = useSourceSelect(board, runnersOf, sameNames);
  const prices = useSourceSelect(
    board,
    useCallback(
      (value: TableBoard) => cashOutPrices(market, value, isEventOpen),
      [market, isEventOpen],
    ),
    samePrices,
  );
  const live = useMemo(
    () => planCashOut(market, prices, book, percent),
    [market, prices, book, percent],
  );
  const { isStale } = useTableFreshness();
  const cashing = useCashOut();
  // The plan sent stays on screen until its answer, however the prices move meanwhile.
  const [sent, setSent] = useState<ReadyPlan | null>(null);
  const [heldUntil, setHeldUntil] = useState<number | null>(null);
  const now = useCountdownNow(heldUntil === null ? NO_DEADLINES : [heldUntil]);
  const held = heldUntil === null ? 0 : secondsLeft(heldUntil, now);
  // A double tap lands before the disabled button renders: one cash out at a time.
  const isSending = useRef(false);
  const isPending = cashing.isPending || sent !== null;
  const plan = sent ?? live;
  const canConfirm = plan.ok && !isStale && !isPending;

  async function confirm() {
    if (isSending.current || !live.ok || isStale) return;
    isSending.current = true;
    setSent(live);
    // The server answers a held cash out only at the end of its delay: the dialog counts it down.
    if (betDelay > 0) setHeldUntil(Date.now() + betDelay * 1000);
    let isMade = false;
    try {
      const body = cashOutBody({ market, marketId, eventId, percent }, live.bets);
      const answer = await cashing.mutateAsync({ body, idempotencyKey: newIdempotencyKey() });
      isMade = answer.Status;
      if (answer.Status) toast.success(answer.Result);
      else toast.error(answer.Result);
    } catch (error) {
      toast.error(
        error instanceof Error && error.message !== '' ? error.message : 'Cash out failed',
      );
    } finally {
      isSending.current = false;
      setSent(null);
      setHeldUntil(null);
      onAnswered();
    }
    if (isMade) onClose();
  }

  // Stable, so that a render (a price tick) does not move the dialog's focus.
  const close = useCallback(() => {
    if (!isSending.current) onClose();
  }, [onClose]);
  const nameOf = (selectionId: string) =>
    runners.find((runner) => runner.selectionId === selectionId)?.name ?? selectionId;
  const after = plan.ok
    ? new Map(plan.book.map((runner) => [runner.selectionId, runner.pl]))
    : null;

  return createPortal(
    <Modal
      title={`Cash Out: ${marketName}`}
      onClose={close}
      footer={
        <div className={styles.actions}>
          <button type="button" className={styles.cancel} disabled={isPending} onClick={close}>
            Cancel
          </button>
          <button
            type="button"
            className={styles.confirm}
            disabled={!canConfirm}
            onClick={() => void confirm()}
          >
            {isPending ? 'Cashing Out…' : 'Confirm'}
          </button>
        </div>
      }
    >
      <fieldset className={styles.shares} disabled={isPending}>
        <legend className={styles.legend}>Share of your position</legend>
        <div className={styles.choices}>
          {CASH_OUT_PERCENTS.map((share) => (
            <label key={share} className={styles.choice}>
              <input
                type="radio"
                name={ids.share}
                value={share}
                checked={percent === share}
                onChange={() => setPercent(share)}
              />
              <span>{share}%</span>
            </label>
          ))}
        </div>
      </fieldset>
      {plan.ok ? (
        <>
          <p
            className={styles.headline}
            data-tone={positionTone(plan.locked)}
            data-testid="cash-out-headline"
          >
            {cashOutHeadline(plan)}
          </p>
          <h3 id={ids.bets} className={styles.heading}>
            {plan.bets.length === 1 ? 'The bet it places' : 'The bets it places'}
          </h3>
          <ul className={styles.bets} aria-labelledby={ids.bets}>
            {plan.bets.map((bet) => (
              <li
                key={`${bet.selectionId}|${bet.betType}`}
                className={styles.bet}
                data-side={bet.betType === 'Lay' ? 'lay' : 'back'}
                data-testid="cash-out-bet"
              >
                {cashOutBetText(market, bet, nameOf(bet.selectionId))}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className={styles.reason} role="alert" data-testid="cash-out-reason">
          {plan.reason}
        </p>
      )}
      <table className={modals.table}>
        <caption className={styles.caption}>Result if the runner wins</caption>
        <thead>
          <tr>
            <th scope="col">Runner</th>
            <th scope="col">Now</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {runners.map((runner) => {
            const current = book.get(Number(runner.selectionId)) ?? 0;
            const result = after?.get(runner.selectionId);
            return (
              <tr key={runner.selectionId} data-testid="cash-out-runner">
                <th scope="row" className={styles.runner}>
                  {runner.name}
                </th>
                <td className={modals.figure} data-tone={positionTone(current)}>
                  {formatMoney(current)}
                </td>
                <td
                  className={modals.figure}
                  data-tone={result === undefined ? undefined : positionTone(result)}
                >
                  {result === undefined ? '–' : formatMoney(paiseToRupees(result))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {isStale && !isPending && <p className={styles.stale}>{STALE_REASON}</p>}
      {isPending && held > 0 && (
        <p className={styles.held} role="timer" data-testid="cash-out-delay">
          {cashOutHeldText(held)}
        </p>
      )}
    </Modal>,
    document.body,
  );
}
