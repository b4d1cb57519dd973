import type { BetListItem } from '@backlay/contract/bets';
import type { EventDetail } from '@backlay/contract/markets';
import type { Chip } from '@backlay/domain';
import { useQueryClient } from '@tanstack/react-query';
import {
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useEventSubscription } from '../hub';
import { BetSlip, type BetSlipProps } from '../../features/betslip/components/bet-slip';
import { useChips } from '../../features/chips/api/get-chips';
import { eventTvUrl, useEventDetail } from '../../features/event/api/get-event-detail';
import { useMatchedBets } from '../../features/event/api/get-matched-bets';
import { BetsTable } from '../../features/event/components/bets-table';
import { EventMarkets } from '../../features/event/components/event-markets';
import { LiveTv } from '../../features/event/components/live-tv';
import { MarketsSkeleton } from '../../features/event/components/markets-skeleton';
import { useMarketFreshness } from '../../features/event/freshness';
import { usePriceKeys } from '../../features/event/hooks/use-price-keys';
import { betDelayOf } from '../../features/event/market-model';
import { eventKeys } from '../../features/event/query-keys';
import { useSlipLimitsNote } from '../../features/safer/hooks/use-slip-limits-note';
import { saferKeys } from '../../features/safer/query-keys';
import { ScorePanel } from '../../features/scores/components/score-panel';
import { walletKeys } from '../../features/wallet/query-keys';
import { createBetChoice, type BetChoiceStore, type BetSelection } from '../../lib/bet-selection';
import { useStoreAfterPaint } from '../../lib/after-paint';
import { formatDateTime } from '../../lib/format';
import { useStoredLogin } from '../../lib/session';
import { lazyComponent } from '../../ui/lazy-component';
import { paths } from '../paths';
import { isMarketRouteState } from './market-link';
import styles from './event.module.css';
import { LazyChipSettingsModal } from '../../features/chips/components/lazy-chip-settings-modal';

/** The keyboard shortcuts dialog, fetched when opened. */
const KeyboardShortcutsModal = lazyComponent(
  async () =>
    (await import('../../features/rules/components/keyboard-shortcuts')).KeyboardShortcutsModal,
);

const EVENT_ID = /^\d{1,15}$/;
const NO_CHIPS: readonly Chip[] = [];
const NO_BETS: readonly BetListItem[] = [];

/**
 * `/market/{sportId}/{eventId}`: the event detail screen (docs/product.md#screens). It renders from its URL
 * alone; the router state's names only title it before the event detail arrives (docs/decisions.md#silent-rules).
 */
export function EventPage() {
  const { sportId = '', eventId = '' } = useParams();
  if (!EVENT_ID.test(eventId) || !/^\d{1,2}$/.test(sportId)) {
    return <EventScreen sportId={0} eventId={null} />;
  }
  return <EventScreen key={eventId} sportId={Number(sportId)} eventId={eventId} />;
}

function EventScreen({ sportId, eventId }: { sportId: number; eventId: string | null }) {
  const navigate = useNavigate();
  const state: unknown = useLocation().state;
  const names = isMarketRouteState(state) ? state : null;
  useEventSubscription(eventId ?? '');
  return (
    <div className={styles.screen}>
      <nav className={styles.nav} aria-label="Event">
        <button
          type="button"
          className={styles.back}
          onClick={() => void navigate(paths.home.href())}
        >
          <span aria-hidden="true">‹</span> Back
        </button>
        {eventId === null ? (
          <h1 className={styles.title}>Event</h1>
        ) : (
          <EventTitle eventId={eventId} names={names} />
        )}
      </nav>
      {eventId === null ? (
        <p className={styles.empty}>No data available</p>
      ) : (
        <EventBody sportId={sportId} eventId={eventId} />
      )}
    </div>
  );
}

function EventTitle({
  eventId,
  names,
}: {
  eventId: string;
  names: { matchName: string; seriesName: string } | null;
}) {
  const detail = useEventDetail(eventId).data;
  const found = detail?.isFound ? detail.detail : null;
  const title = found?.EventName ?? names?.matchName ?? 'Event';
  const series = found?.SeriesName ?? names?.seriesName;
  // Its lines keep their height before the detail arrives (the title two lines on a phone, the
  // series and the time one each), so the screen below does not move when it does.
  return (
    <div className={styles.heading}>
      <h1 className={styles.title} title={title}>
        {title}
      </h1>
      <p className={styles.meta}>
        <span className={styles.metaLine}>
          {found?.MarketStatus === 1 && <span className={styles.inPlay}>In-play</span>}
          {series}
        </span>
        <span className={styles.metaLine}>
          {found && <time dateTime={found.MarketTime}>{formatDateTime(found.MarketTime)}</time>}
        </span>
      </p>
    </div>
  );
}

function EventBody({ sportId, eventId }: { sportId: number; eventId: string }) {
  const login = useStoredLogin();
  const detail = useEventDetail(eventId);
  const bets = useMatchedBets(eventId);
  const chips = useChips(); // docs/product.md#states: chip settings load on entry, for the bet slip.
  const queryClient = useQueryClient();
  // The open slip lives here, where the tables and the slip meet (client-only state); only the
  // chosen cells and the slip follow it, so opening the slip renders nothing else.
  const [choice] = useState(createBetChoice);
  const [isEditingChips, setEditingChips] = useState(false);
  const slip = useRef<HTMLDivElement>(null);
  const editChips = useCallback(() => setEditingChips(true), []);
  const closeChips = useCallback(() => setEditingChips(false), []);
  // Keyboard betting: arrows across the prices, Enter, b and l open the slip, ? lists the keys
  // (features/rules/keyboard-shortcuts.ts); nothing renders per key but the slip and the dialog.
  const main = useRef<HTMLDivElement>(null);
  const [isShowingKeys, setShowingKeys] = useState(false);
  const showKeys = useCallback(() => setShowingKeys(true), []);
  const hideKeys = useCallback(() => setShowingKeys(false), []);
  const keys = usePriceKeys({ root: main, slip, choice, onShowKeys: showKeys });
  // docs/product.md#states "After a successful bet": balance, matched bets with profit/loss or fancy
  // position, and event detail; a cancel's and a cash out's answer refresh the same, and what
  // the client's limits leave (the bet slip's line).
  const refreshAfterBet = useCallback(() => {
    for (const queryKey of [
      walletKeys.all,
      eventKeys.bets(eventId),
      eventKeys.detail(eventId),
      saferKeys.settings(),
    ]) {
      void queryClient.invalidateQueries({ queryKey });
    }
  }, [queryClient, eventId]);

  const found = detail.data?.isFound ? detail.data.detail : undefined;
  // The markets mount in a deferred render, in slices that leave the page answering.
  const markets = useDeferredValue(found);
  const missing = detail.data && !detail.data.isFound ? detail.data.message : null;
  return (
    <div className={styles.layout}>
      <div className={styles.main} ref={main}>
        <ScorePanel sportId={found?.SportsId ?? sportId} eventId={eventId} />
        {(detail.isPending || (found && !markets)) && <MarketsSkeleton sportId={sportId} />}
        {detail.isError && <p className={styles.empty}>No data available</p>}
        {missing !== null && <p className={styles.empty}>{missing}</p>}
        <EventMarkets
          eventId={eventId}
          sportId={sportId}
          detail={markets}
          uid={String(login?.uid ?? 0)}
          choice={choice}
          bets={bets.data ?? NO_BETS}
          onCashedOut={refreshAfterBet}
        />
      </div>
      <div className={styles.side}>
        <div className={styles.tv}>
          <LiveTv tvUrl={found ? eventTvUrl(found) : null} title={found?.EventName ?? 'Event'} />
        </div>
        <div className={styles.slip} ref={slip}>
          <ChosenSlip
            eventId={eventId}
            slip={slip}
            detail={found}
            choice={choice}
            chips={chips.data?.ok ? chips.data.chips : NO_CHIPS}
            isHeld={isEditingChips}
            onEditStack={editChips}
            onPlaced={refreshAfterBet}
            focusStakeOnOpen={keys.isOpenedByKeys}
          />
        </div>
        <div className={styles.bets}>
          <BetsTable bets={bets.data ?? NO_BETS} onCancelAnswered={refreshAfterBet} />
        </div>
      </div>
      <Suspense fallback={null}>
        {isEditingChips && <LazyChipSettingsModal onClose={closeChips} />}
        {isShowingKeys && <KeyboardShortcutsModal onClose={hideKeys} />}
      </Suspense>
    </div>
  );
}

/** At 768 px or less the open slip is fixed above the footer menu (app-layout's query). */
const PHONE_QUERY = '(max-width: 768px)';
/** Between the chosen market and the top of the slip, in px. */
const ABOVE_SLIP_PX = 8;

/**
 * On a phone the open slip covers the lower screen: the chosen price's market (a fancy price,
 * its row) scrolls up above the slip when the slip would hide it, so its what-if figures show
 * while the client types.
 */
function keepAboveSlip(slip: HTMLElement, selection: BetSelection): void {
  const table = document.querySelector(`[data-market-id="${CSS.escape(selection.marketId)}"]`);
  const shown =
    selection.marketType === 'FANCY'
      ? table?.querySelector(`[data-selection-id="${CSS.escape(selection.selectionId)}"]`)
      : table;
  if (!shown) return;
  const hidden =
    shown.getBoundingClientRect().bottom - (slip.getBoundingClientRect().top - ABOVE_SLIP_PX);
  if (hidden > 0) window.scrollBy({ top: hidden, behavior: 'instant' });
}

/**
 * The bet slip on the price chosen in the tables, with that market's freshness and in-play delay;
 * the stake it types goes back to the screen's choice, where the chosen market's table shows
 * what the bet would do to the client's book.
 */
function ChosenSlip({
  eventId,
  slip,
  detail,
  choice,
  ...props
}: {
  eventId: string;
  /** Where the slip sits: on a phone, over the lower screen. */
  slip: RefObject<HTMLDivElement | null>;
  detail: EventDetail | undefined;
  choice: BetChoiceStore;
} & Pick<BetSlipProps, 'chips' | 'isHeld' | 'onEditStack' | 'onPlaced' | 'focusStakeOnOpen'>) {
  // The chosen cell shows pressed at once and the slip after that paint, so the press paints
  // without waiting for the slip (docs/architecture.md, "Prices on the event screen").
  const readSelection = useCallback(() => choice.read()?.selection ?? null, [choice]);
  const selection = useStoreAfterPaint(choice.subscribe, readSelection);
  useEffect(() => {
    if (selection === null || slip.current === null) return;
    if (window.matchMedia(PHONE_QUERY).matches) keepAboveSlip(slip.current, selection);
  }, [selection, slip]);
  // The chosen market's prices, as its table shows them: stale, the slip does not place.
  const freshness = useMarketFreshness(eventId, selection);
  const betDelay = selection ? betDelayOf(detail, selection.marketType, selection.marketId) : 0;
  // What the client's own limits leave, cached while the screen is open: there before they type.
  const limitsNote = useSlipLimitsNote();
  return (
    <BetSlip
      {...props}
      limitsNote={limitsNote}
      selection={selection}
      onClose={choice.close}
      freshness={freshness}
      betDelay={betDelay}
      onStake={choice.setStake}
    />
  );
}
