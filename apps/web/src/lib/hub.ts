import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
  type IRetryPolicy,
} from '@microsoft/signalr';
import type { HubMessageName, HubPayload } from '@backlay/contract/hub';
import { getHubTicket, HUB_PATH, reconnectDelayMs } from '@backlay/contract/hub/client';
import { callApi } from './api';
import { logError } from './log';

/** docs/product.md#errors: a failed start retries after 5 s (reconnect delays: `reconnectDelayMs`, contract). */
export const START_RETRY_MS = 5000;
/** docs/product.md#calls library timings. */
export const SERVER_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 100_000;

/** The contract's reconnect delays (0 s + 0–1 s jitter, 2, 5, 10 s, then give up). */
export function reconnectPolicy(random: () => number = Math.random): IRetryPolicy {
  return {
    nextRetryDelayInMilliseconds: ({ previousRetryCount }) =>
      reconnectDelayMs(previousRetryCount, random),
  };
}

/** A fresh single-use ticket for every call of the factory (docs/decisions.md#hub; never the bearer token). */
async function fetchClientTicket(): Promise<string> {
  const answer = await callApi(getHubTicket);
  if (!answer.Status) throw new Error(answer.Result);
  return answer.Result.ticket;
}

/**
 * A hub connection for a client (`userId`, the client's ticket) or, with its own ticket
 * factory and `userId` 0, for the back office (docs/backoffice.md).
 */
export function buildHubConnection(
  userId: number,
  fetchTicket: () => Promise<string> = fetchClientTicket,
): HubConnection {
  const connection = new HubConnectionBuilder()
    .withUrl(`${HUB_PATH}?userId=${userId}`, {
      transport: HttpTransportType.WebSockets,
      accessTokenFactory: fetchTicket,
      timeout: REQUEST_TIMEOUT_MS,
    })
    .withAutomaticReconnect(reconnectPolicy())
    .withServerTimeout(SERVER_TIMEOUT_MS)
    .withKeepAliveInterval(KEEP_ALIVE_MS)
    .configureLogging(LogLevel.None)
    .build();
  return connection;
}

/**
 * Starts the connection; a failed start is logged and retried after 5 s (docs/product.md#errors) until `stop`
 * says otherwise. `schedule` is the timer seam (tests use fake timers).
 */
export function startWithRetry(
  connection: Pick<HubConnection, 'start' | 'state'>,
  isStopped: () => boolean,
  schedule: (work: () => void, ms: number) => unknown = (work, ms) => setTimeout(work, ms),
): void {
  if (isStopped() || connection.state !== HubConnectionState.Disconnected) return;
  connection.start().catch((error: unknown) => {
    logError('hub start', error);
    schedule(() => startWithRetry(connection, isStopped, schedule), START_RETRY_MS);
  });
}

/**
 * Keeps `connection` going for as long as `isStopped()` is false, and says through `onLost`
 * whether the link is lost: lost while reconnecting, after a failed start and after a close;
 * back once connected. The library's automatic reconnect gives up after its last delay (docs/product.md#calls);
 * a close that was not asked for starts the connection again after 5 s, as a failed start
 * retries (docs/product.md#errors), and at once when the browser comes back online. Answers the cleanup.
 */
export function keepConnected(
  connection: Pick<
    HubConnection,
    'start' | 'state' | 'onreconnecting' | 'onreconnected' | 'onclose'
  >,
  isStopped: () => boolean,
  onLost: (lost: boolean) => void,
  events: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  let restart: ReturnType<typeof setTimeout> | undefined;
  const startable = {
    get state() {
      return connection.state;
    },
    start: () =>
      connection.start().then(
        () => onLost(false),
        (error: unknown) => {
          onLost(true);
          throw error;
        },
      ),
  };
  const start = () => {
    clearTimeout(restart);
    startWithRetry(startable, isStopped);
  };
  connection.onreconnecting(() => onLost(true));
  connection.onreconnected(() => onLost(false));
  connection.onclose(() => {
    if (isStopped()) return;
    onLost(true);
    restart = setTimeout(start, START_RETRY_MS);
  });
  const onOnline = () => {
    if (connection.state === HubConnectionState.Disconnected) start();
  };
  events.addEventListener('online', onOnline);
  start();
  return () => {
    clearTimeout(restart);
    events.removeEventListener('online', onOnline);
  };
}

/**
 * What each message cannot be without. The server validates every push against the contract
 * before it sends it (the client ships no schemas: docs/architecture.md, "The client's
 * contract"); this only keeps a foreign frame from being written into the cache.
 */
const CARRIES: Record<HubMessageName, string> = {
  RiskChanged: 'EventIds',
  UpdateMarketList: 'Seq',
  GetActiveBM: 'BMList',
  GetActiveSession: 'fancyList',
  UpdateMarketOdds: 'Book',
  EventSuspended: 'Detail',
  FeedHeartbeat: 'EventId',
  inplaycount: 'Count',
  updateNews: 'Message',
  UpdateBalance: 'Reason',
  MatkaChanged: 'Mid',
  BetPlacedMessage: 'EventId',
};

/**
 * Calls `handle` with every push of message `name`, its payload as the contract types it; a
 * payload without what it carries is logged and dropped.
 */
export function onPush<N extends HubMessageName>(
  connection: Pick<HubConnection, 'on'>,
  name: N,
  handle: (payload: HubPayload<N>) => void,
): void {
  connection.on(name, (payload: unknown) => {
    if (typeof payload === 'object' && payload !== null && CARRIES[name] in payload)
      handle(payload as HubPayload<N>);
    else logError(`hub ${name}`, new Error('unexpected payload'));
  });
}
