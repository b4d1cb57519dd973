import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
  type IRetryPolicy,
} from '@microsoft/signalr';
import { getHubTicket, HUB_PATH, reconnectDelayMs } from '@backlay/contract/hub/client';
import { callApi } from './api';
import { logError } from './log';

/** SPEC §8: a failed start retries after 5 s (reconnect delays: `reconnectDelayMs`, contract). */
export const START_RETRY_MS = 5000;
/** SPEC §7 library timings. */
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

/** A fresh single-use ticket for every call of the factory (DESIGN §7; never the bearer token). */
async function fetchTicket(): Promise<string> {
  const answer = await callApi(getHubTicket);
  if (!answer.Status) throw new Error(answer.Result);
  return answer.Result.ticket;
}

export function buildHubConnection(userId: number): HubConnection {
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
 * Starts the connection; a failed start is logged and retried after 5 s (SPEC §8) until `stop`
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
