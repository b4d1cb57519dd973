import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
  type IRetryPolicy,
} from '@microsoft/signalr';
import { getHubTicket, HUB_PATH } from '@backlay/contract/hub';
import { callApi } from './api';
import { logError } from './log';

/** SPEC §4, §9: reconnect after 0, 2, 5 and 10 s, then give up; a failed start retries after 5 s. */
export const RECONNECT_DELAYS_MS = [0, 2000, 5000, 10_000] as const;
export const START_RETRY_MS = 5000;
/** DESIGN §7: the first delay gets 0–1 s of jitter so a restarted server is not hit all at once. */
export const FIRST_RETRY_JITTER_MS = 1000;
/** SPEC §7 library timings. */
export const SERVER_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 100_000;

export function reconnectPolicy(random: () => number = Math.random): IRetryPolicy {
  return {
    nextRetryDelayInMilliseconds: ({ previousRetryCount }) => {
      const delay = RECONNECT_DELAYS_MS[previousRetryCount];
      if (delay === undefined) return null;
      return previousRetryCount === 0
        ? delay + Math.floor(random() * FIRST_RETRY_JITTER_MS)
        : delay;
    },
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
