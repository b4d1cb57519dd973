import {
  betTypeIsLay,
  paiseToRupees,
  stakeAddChip,
  stakeCheck,
  stakeParse,
  stakeStep,
  type Chip,
  type Paise,
  type Stake,
  type StakeLimits,
} from '@backlay/domain';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  Suspense,
  type FormEvent,
  type KeyboardEvent,
} from 'react';
import { toast } from '../../../lib/toast';
import type { BetSelection } from '../../../lib/bet-selection';
import { formatAmount, formatMoney } from '../../../lib/format';
import { getBetSound } from '../../../lib/preferences';
import { FRESH, STALE_REASON, type PriceFreshness } from '../../../lib/price-freshness';
import { getStoredLogin } from '../../../lib/session';
import { playSound, type SoundKind } from '../../../lib/sound';
import { newIdempotencyKey } from '../../../lib/api';
import { usePlaceBet } from '../api/place-bet';
import { betDraft, slipFigures } from '../bet-draft';
import { useAutoClose } from '../hooks/use-auto-close';
import { delayHeldText, useDelayCountdown } from '../hooks/use-delay-countdown';
import { setConfirmBet, useConfirmBet } from '../stores/confirm-bet';
import { lazyComponent } from '../../../ui/lazy-component';
import { PlacingProgress } from './placing-progress';
import styles from './bet-slip.module.css';

export interface BetSlipProps {
  /** The chosen price, or null: the slip then only says how to open it. */
  readonly selection: BetSelection | null;
  /** The client's stake chips (docs/product.md#entities), each adding its value to the stake. */
  readonly chips: readonly Chip[];
  /** Another dialog over the slip (the chip settings) holds its 10 s too. */
  readonly isHeld?: boolean;
  /** Closes this selection's slip (cancel, after a submit, after 10 s). */
  readonly onClose: (selection: BetSelection) => void;
  /** The Edit Stack link: the screen opens the chip settings. */
  readonly onEditStack: () => void;
  /** A bet was placed: the screen refreshes balance, bets, positions and event detail (docs/product.md#states). */
  readonly onPlaced: (selection: BetSelection) => void;
  /**
   * The chosen market's prices: while stale the slip does not place (the server refuses a stale
   * bet on its own too) and says why; it places again once fresh prices arrive.
   */
  readonly freshness?: PriceFreshness;
  /**
   * Seconds the server holds a bet on the chosen market before checking it again (its in-play
   * delay, docs/architecture.md "In-play bet delay"); 0 or none when bets are taken at once.
   */
  readonly betDelay?: number;
  /** The stake as the client types it (parsed, whole rupees): the tables show what it would do. */
  readonly onStake?: (selection: BetSelection, stake: number) => void;
  /**
   * What the client's own limits leave, shown before they type ("Stake limit ₹1,000 · Loss limit
   * ₹400.00 left today"); none without limits (docs/safer-gambling.md). The server enforces them.
   */
  readonly limitsNote?: string | null;
  /**
   * Asked once as a slip opens: true when the client opened it from the keyboard, and the stake
   * field takes the focus so that digits type the stake at once.
   */
  readonly focusStakeOnOpen?: (selection: BetSelection) => boolean;
}

/** Fancy rows show the line with the rate in brackets, as the bets table does. */
export const slipOdds = (selection: BetSelection) =>
  selection.marketType === 'FANCY' ? `${selection.odds} (${selection.price})` : `${selection.odds}`;

/** The two cues play only when Bet Sound is on (docs/product.md#purpose). */
/**
 * The confirm step: a chunk of its own, no part of a screen's first load; an open slip fetches it
 * (OpenSlip), so it is here by the time Place Bet asks for it.
 */
const ConfirmBet = lazyComponent(async () => (await import('./confirm-bet')).ConfirmBet);

function cue(kind: SoundKind): void {
  if (getBetSound()) playSound(kind);
}

const rupees = (paise: Paise | undefined) =>
  formatMoney(paise === undefined ? 0 : paiseToRupees(paise));

/**
 * The bet slip (docs/product.md#screens, #states, #validation): until a price is chosen it says how to open it; then a fresh
 * slip for that price (a new choice starts a new one).
 */
export function BetSlip(props: BetSlipProps) {
  const { selection } = props;
  // A new chosen price — even the same cell again — is a new slip: fresh stake and 10 s.
  const [shown, setShown] = useState({ selection, generation: 0 });
  if (shown.selection !== selection) setShown({ selection, generation: shown.generation + 1 });

  return (
    <section
      className={styles.slip}
      aria-label="Bet slip"
      data-open={selection !== null}
      data-side={selection && (betTypeIsLay(selection.betType) ? 'lay' : 'back')}
    >
      {selection === null ? (
        <>
          <h2 className={styles.title}>Bet Slip</h2>
          <p className={styles.note}>Choose a back or lay price to place a bet.</p>
        </>
      ) : (
        <OpenSlip key={shown.generation} {...props} selection={selection} />
      )}
    </section>
  );
}

function OpenSlip({
  selection,
  chips,
  isHeld = false,
  onClose,
  onEditStack,
  onPlaced,
  freshness = FRESH,
  betDelay = 0,
  onStake,
  limitsNote = null,
  focusStakeOnOpen,
}: BetSlipProps & { selection: BetSelection }) {
  const [stakeText, setStakeText] = useState('');
  const [isConfirming, setConfirming] = useState(false);
  useEffect(() => {
    ConfirmBet.preload().catch(() => {});
  }, []);
  const cancelConfirm = useCallback(() => setConfirming(false), []);
  const isConfirmOn = useConfirmBet();
  const placing = usePlaceBet();
  const isPlacing = placing.isPending;
  // A double tap lands before the disabled button renders: one submit at a time.
  const isSending = useRef(false);
  const close = () => onClose(selection);
  // A bet out (however long the market's delay holds it) stops the 10 s: the slip closes on its
  // answer, never before.
  const timer = useAutoClose({ isPaused: isConfirming || isPlacing || isHeld, onClose: close });
  const delay = useDelayCountdown();
  const ids = { stake: useId(), odds: useId(), profit: useId(), stale: useId() };
  const stakeField = useRef<HTMLInputElement>(null);
  const isKeyOpened = useRef(focusStakeOnOpen);
  useEffect(() => {
    if (isKeyOpened.current?.(selection)) stakeField.current?.focus();
  }, [selection]);
  const isStale = freshness.isStale;

  // docs/product.md#validation: the stake input is parsed as an integer; non-numeric becomes 0.
  const stake = stakeParse(stakeText);
  const figures = slipFigures(selection, stake);
  const limits: StakeLimits | undefined =
    selection.maxStake > 0 ? { min: selection.minStake, max: selection.maxStake } : undefined;
  // The chosen market's table shows what this stake would do to the client's book.
  useEffect(() => {
    onStake?.(selection, stake);
  }, [onStake, selection, stake]);

  const editStake = (text: string) => {
    setStakeText(text);
    timer.restart();
  };

  // The keys of the slip (the event screen's keyboard shortcuts): `+` and `-` in the stake step
  // it to the next chip up or down, Escape anywhere in the slip closes it; Enter submits anyway.
  function onStakeKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== '+' && event.key !== '-') return;
    event.preventDefault();
    const values = chips.map((chip) => chip.value);
    const next = stakeStep(stake, values, event.key === '+' ? 'up' : 'down');
    editStake(next === 0 ? '' : String(next));
  }
  function onSlipKey(event: KeyboardEvent) {
    if (event.key !== 'Escape' || isPlacing) return;
    event.preventDefault();
    close();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (isSending.current || isStale) return;
    const checked = stakeCheck(stake, limits);
    if (!checked.ok) {
      // docs/product.md#validation and #errors: nothing is sent; 'Total stack must be greater than 0' for a zero stake.
      toast.error(checked.message);
      cue('wrong');
      timer.restart();
      return;
    }
    if (isConfirmOn) setConfirming(true);
    else void send(checked.stake);
  }

  async function send(valid: Stake) {
    if (isSending.current || isStale) return;
    isSending.current = true;
    setConfirming(false);
    try {
      const draft = betDraft(selection, valid, getStoredLogin()?.uid ?? 0);
      // The server answers a held bet only at the end of its delay: the slip counts it down.
      delay.start(betDelay);
      const answer = await placing.mutateAsync({ draft, idempotencyKey: newIdempotencyKey() });
      if (answer.Status) {
        toast.success(answer.Result);
        cue('success');
        onPlaced(selection);
      } else {
        toast.error(answer.Result);
        cue('wrong');
      }
    } catch (error) {
      toast.error(error instanceof Error && error.message !== '' ? error.message : 'Bet failed');
      cue('wrong');
    } finally {
      delay.stop();
      isSending.current = false;
      close(); // docs/product.md#states: the slip closes after a submit, whatever the answer.
    }
  }

  const confirmed = isConfirming ? stakeCheck(stake, limits) : null;
  return (
    <>
      <h2 className={styles.title}>
        Bet Slip
        <span
          className={styles.countdown}
          data-testid="slip-countdown"
          title="The slip closes by itself after 10 seconds"
        >
          {timer.left}s
        </span>
      </h2>
      <form className={styles.body} onSubmit={submit} onKeyDown={onSlipKey} noValidate>
        <p className={styles.selection}>
          <span className={styles.side} data-testid="slip-side">
            {selection.betType}
          </span>
          <span className={styles.runner}>{selection.runnerName}</span>
          <span className={styles.market}>{selection.marketName}</span>
        </p>
        <div className={styles.fields}>
          <div className={styles.field}>
            <span className={styles.label} id={ids.odds}>
              ODDS
            </span>
            <output className={styles.readOnly} aria-labelledby={ids.odds} data-testid="slip-odds">
              {slipOdds(selection)}
            </output>
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={ids.stake}>
              STAKE
            </label>
            <input
              ref={stakeField}
              id={ids.stake}
              className={styles.stake}
              inputMode="numeric"
              autoComplete="off"
              placeholder="0"
              value={stakeText}
              disabled={isPlacing}
              onChange={(event) => editStake(event.target.value)}
              onKeyDown={onStakeKey}
              onBlur={() => {
                if (stakeText !== '') setStakeText(String(stake));
              }}
            />
          </div>
          <div className={styles.field}>
            <span className={styles.label} id={ids.profit}>
              Est Profit
            </span>
            <output
              className={styles.profit}
              aria-labelledby={ids.profit}
              data-testid="slip-profit"
            >
              {rupees(figures?.profit)}
            </output>
          </div>
        </div>
        {chips.length > 0 && (
          <ul className={styles.chips} aria-label="Stake chips">
            {chips.map((chip, index) => (
              <li key={`${index}-${chip.name}`}>
                <button
                  type="button"
                  className={styles.chip}
                  disabled={isPlacing}
                  // The chip's own text first: its name holds what the bettor sees (WCAG 2.5.3).
                  aria-label={`${chip.name}, add ${formatAmount(chip.value)}`}
                  onClick={() => editStake(String(stakeAddChip(stake, chip.value)))}
                >
                  {chip.name}
                </button>
              </li>
            ))}
          </ul>
        )}
        {limits && (
          <p className={styles.limits}>
            Min: {formatAmount(limits.min)} Max: {formatAmount(limits.max)}
          </p>
        )}
        {limitsNote !== null && (
          <p className={styles.ownLimits} data-testid="slip-own-limits">
            {limitsNote}
          </p>
        )}
        {isStale && (
          <p id={ids.stale} className={styles.stale} data-testid="slip-stale">
            {STALE_REASON}
          </p>
        )}
        {isPlacing && delay.left !== null && delay.left > 0 && (
          <p className={styles.held} role="timer" data-testid="slip-delay">
            {delayHeldText(delay.left)}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.cancel} disabled={isPlacing} onClick={close}>
            Cancel Order
          </button>
          <button
            type="submit"
            className={styles.place}
            disabled={isPlacing || isStale}
            aria-describedby={isStale ? ids.stale : undefined}
          >
            {isPlacing ? 'Placing Bet…' : `Place Bet with Liability ${rupees(figures?.liability)}`}
          </button>
        </div>
        <div className={styles.footer}>
          <button type="button" className={styles.link} onClick={onEditStack}>
            Edit Stack
          </button>
          <label className={styles.switch}>
            <input
              type="checkbox"
              role="switch"
              checked={isConfirmOn}
              onChange={(event) => {
                setConfirmBet(event.target.checked);
                timer.restart();
              }}
            />
            <span className={styles.track} aria-hidden="true" />
            Confirm bet before placing
          </label>
        </div>
      </form>
      {confirmed?.ok && (
        <Suspense fallback={null}>
          <ConfirmBet
            selection={selection}
            odds={slipOdds(selection)}
            stake={confirmed.stake}
            profit={rupees(figures?.profit)}
            liability={rupees(figures?.liability)}
            staleReason={isStale ? STALE_REASON : null}
            onConfirm={() => void send(confirmed.stake)}
            onCancel={cancelConfirm}
          />
        </Suspense>
      )}
      {isPlacing && (
        <PlacingProgress
          held={delay.left !== null && delay.left > 0 ? delayHeldText(delay.left) : undefined}
        />
      )}
    </>
  );
}
