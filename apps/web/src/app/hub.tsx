import type { HubHandlers, HubMessageName } from '@backlay/contract/hub';
import { HubConnectionState, type HubConnection } from '@microsoft/signalr';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { bookmakerRowsPut, fancyRowsPut } from '../features/event/api/get-bm-fancy';
import { eventDetailPut } from '../features/event/api/get-event-detail';
import { marketOddsPut } from '../features/event/api/get-market-odds';
import { operatorRowsPut } from '../features/event/api/operator-rows';
import { tossOddsPut } from '../features/event/api/get-toss-odds';
import { eventPricesCurrent } from '../features/event/price-store';
import { eventKeys } from '../features/event/query-keys';
import { marketKeys } from '../features/markets/query-keys';
import { matkaChangedPut, matkaMoneyMoved } from '../features/matka/api/live';
import { newsKeys } from '../features/news/query-keys';
import { walletKeys } from '../features/wallet/query-keys';
import { setHubConnected, setHubLost, useIsHubLost, useIsOnline } from '../lib/connection';
import { buildHubConnection, keepConnected, onPush } from '../lib/hub';
import { logError } from '../lib/log';
import { useStoredLogin } from '../lib/session';
import styles from './hub.module.css';

interface HubContextValue {
  readonly state: HubConnectionState;
  readonly connection: HubConnection | null;
}

const HubContext = createContext<HubContextValue>({
  state: HubConnectionState.Disconnected,
  connection: null,
});

/**
 * The handlers of docs/product.md#states "Real-time events received", one for every message of
 * the contract, each taking that message's payload. The price messages carry their data — books
 * (UpdateMarketOdds), bookmaker rows (GetActiveBM), fancy rows (GetActiveSession), and the detail
 * with the operator's rows (EventSuspended) — and are written into the cache by Seq without a
 * request (docs/architecture.md, "Freshness on the client"); the others name what changed, and
 * the screens showing it load it again.
 */
export function hubHandlers(queryClient: QueryClient): HubHandlers {
  const invalidate = (queryKey: readonly unknown[]) =>
    void queryClient.invalidateQueries({ queryKey });
  return {
    // Only the operators' group hears it, on the back office's own connection (use-risk-hub.ts).
    RiskChanged: () => {},
    UpdateMarketList: () => invalidate(marketKeys.lists()),
    inplaycount: () => invalidate(marketKeys.lists()),
    updateNews: () => invalidate(newsKeys.all),
    GetActiveBM: (push) => bookmakerRowsPut(queryClient, String(push.EventId), push),
    GetActiveSession: (push) => fancyRowsPut(queryClient, String(push.MarketId), push),
    UpdateMarketOdds: (push) => {
      const eventId = String(push.EventId);
      // Toss has its own read; every exchange market's book is in the match odds read.
      if (push.MarketType === 'TOSS') tossOddsPut(queryClient, eventId, push.Book);
      else marketOddsPut(queryClient, eventId, push.Book);
    },
    EventSuspended: (push) => {
      const eventId = String(push.EventId);
      eventDetailPut(queryClient, eventId, push);
      operatorRowsPut(queryClient, eventId, push);
    },
    // The feed is alive: the event's prices held are the server's (every change is pushed), so
    // they count as current now (features/event/freshness.tsx reads when).
    FeedHeartbeat: (push) => eventPricesCurrent(queryClient, String(push.EventId)),
    // Money moved outside a bet's answer (a matka bet, a casino round): the wallet reloads, and
    // for matka the client's matka bets (so a board's exposure and stakes) and profit and loss.
    UpdateBalance: (push) => {
      invalidate(walletKeys.all);
      if (push.Reason === 'matka') matkaMoneyMoved(queryClient);
    },
    // A matka market opened, closed, got its result, or was voided or rolled back: the games, the
    // boards and the results follow (features/matka/api/live.ts).
    MatkaChanged: (push) => matkaChangedPut(queryClient, push),
    BetPlacedMessage: (push) => {
      invalidate(eventKeys.bets(String(push.EventId)));
      invalidate(walletKeys.all);
    },
  };
}

/** Registers every handler of `hubHandlers` on the connection (`onPush`: each behind its check). */
export function registerHubHandlers(
  connection: Pick<HubConnection, 'on'>,
  queryClient: QueryClient,
): void {
  const handlers = hubHandlers(queryClient);
  const register = <N extends HubMessageName>(name: N) => onPush(connection, name, handlers[name]);
  for (const name of Object.keys(handlers) as HubMessageName[]) register(name);
}

/** One hub connection per logged-in session, stopped at logout (docs/product.md#states). */
export function HubProvider({ children }: { children: ReactNode }) {
  const login = useStoredLogin();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<HubContextValue>({
    state: HubConnectionState.Disconnected,
    connection: null,
  });
  const uid = login?.uid;

  useEffect(() => {
    if (uid === undefined) return;
    let stopped = false;
    const connection = buildHubConnection(uid);
    // A new value only when the state moved: the screens reading it render then alone.
    const publish = () => {
      if (stopped) return;
      setHubConnected(connection.state === HubConnectionState.Connected);
      setValue((held) =>
        held.connection === connection && held.state === connection.state
          ? held
          : { state: connection.state, connection },
      );
    };
    registerHubHandlers(connection, queryClient);
    connection.onreconnecting(publish);
    connection.onreconnected(publish);
    connection.onclose(publish);
    publish();
    const release = keepConnected(
      connection,
      () => stopped,
      (lost) => {
        setHubLost(lost);
        publish();
        // Lost: the odds polls take over at once, at the spec's intervals (polling.ts).
        if (lost) void queryClient.invalidateQueries({ queryKey: eventKeys.all });
      },
    );
    const watch = setInterval(publish, 1000);
    return () => {
      stopped = true;
      release();
      clearInterval(watch);
      setHubLost(false);
      setHubConnected(false);
      connection.stop().catch((error: unknown) => logError('hub stop', error));
      setValue({ state: HubConnectionState.Disconnected, connection: null });
    };
  }, [uid, queryClient]);

  return <HubContext.Provider value={value}>{children}</HubContext.Provider>;
}

export function useHubState(): HubConnectionState {
  return useContext(HubContext).state;
}

/**
 * Joins the event's group. The server answers a join with every part of the event as it is now,
 * each with its Seq (market-pushes.ts `snapshot`): a change between the screen's first reads and
 * the join reaches it that way, and what did not change leaves the cache as it is, so the screen
 * asks for nothing again (docs/architecture.md, "Freshness on the client").
 */
export async function subscribeEvent(
  connection: Pick<HubConnection, 'invoke'>,
  eventId: string,
): Promise<void> {
  await connection.invoke('SubscribeEvent', Number(eventId));
}

/** Puts this connection in the event's group while the screen is open, again after a reconnect. */
export function useEventSubscription(eventId: string): void {
  const { connection, state } = useContext(HubContext);
  useEffect(() => {
    if (!connection || state !== HubConnectionState.Connected || eventId === '') return;
    subscribeEvent(connection, eventId).catch((error: unknown) => logError('hub subscribe', error));
  }, [connection, state, eventId]);
}

const LABELS: Record<HubConnectionState, string> = {
  [HubConnectionState.Connected]: 'Live',
  [HubConnectionState.Connecting]: 'Connecting',
  [HubConnectionState.Reconnecting]: 'Reconnecting',
  [HubConnectionState.Disconnecting]: 'Disconnecting',
  [HubConnectionState.Disconnected]: 'Offline',
};

/**
 * What the indicator shows: the connection's own state, unless the link is known to be down —
 * the browser offline (Offline) or the hub lost (Reconnecting) — which the connection's state may
 * not say yet (a socket reads Connected until its timeout), while the banner under the header
 * already does.
 */
export function shownHubState(
  state: HubConnectionState,
  isOnline: boolean,
  isHubLost: boolean,
): HubConnectionState {
  if (!isOnline) return HubConnectionState.Disconnected;
  if (isHubLost && state === HubConnectionState.Connected) return HubConnectionState.Reconnecting;
  return state;
}

/** A small word-and-dot indicator of the live connection (colour is never the only signal). */
export function HubIndicator() {
  const state = shownHubState(useHubState(), useIsOnline(), useIsHubLost());
  return (
    <span
      className={styles.indicator}
      data-state={state}
      role="status"
      aria-label={`Live updates: ${LABELS[state]}`}
    >
      <span aria-hidden="true" className={styles.dot} />
      <span className={styles.label}>{LABELS[state]}</span>
    </span>
  );
}
