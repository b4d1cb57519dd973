import type { HubPush } from '@backlay/contract/hub';

/**
 * The ASP.NET Core SignalR JSON hub protocol as the official client speaks it
 * (docs/signalr-protocol.md §4–§5): every message ends with the record separator.
 */
export const RECORD_SEPARATOR = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

export function frame(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

export const PING_FRAME = frame({ type: MessageType.Ping });

/** A call of the client's handler `target` with `args` (a push; no answer is expected). */
export function invocation(target: string, args: unknown[]): string {
  return frame({ type: MessageType.Invocation, target, arguments: args });
}

/** A push as the call of the client's handler it names, with its payload the one argument. */
export const pushInvocation = (push: HubPush): string => invocation(push.target, [push.payload]);

/** The server's Close message: the connection ends, and the client reconnects when allowed. */
export function closeFrame(error: string | undefined, allowReconnect: boolean): string {
  return frame({
    type: MessageType.Close,
    ...(error ? { error } : {}),
    ...(allowReconnect ? { allowReconnect } : {}),
  });
}

/** Splits buffered text into whole records; the tail after the last separator waits for more. */
export function splitRecords(buffer: string): { records: string[]; rest: string } {
  const parts = buffer.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts.filter((part) => part.length > 0), rest };
}

export interface HubMessage {
  readonly type?: unknown;
  readonly invocationId?: unknown;
  readonly target?: unknown;
  readonly arguments?: unknown;
  readonly protocol?: unknown;
  readonly version?: unknown;
}

/** Parses one record; null when it is not a JSON object. */
export function parseRecord(record: string): HubMessage | null {
  try {
    const value: unknown = JSON.parse(record);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
