/**
 * The ASP.NET Core SignalR JSON hub protocol as the official client speaks it
 * (../shared/docs/signalr-protocol.md §4–§5): every message ends with the record separator.
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
