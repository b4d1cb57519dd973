// The odds pushes of the hub-fanout benchmark (bench/README.md), shared by the product's hub
// server and the minimal `ws` baseline so that both send the same bytes at the same rate: the
// feed notifier's GetActiveBM payload (apps/server/src/hub/notifier.ts), built with the
// server's own wire function, for E events at 2 Hz each, spread evenly over the half-second.
import { createInterface } from 'node:readline';
import { bookmakerRowsWire } from '../../apps/server/dist/modules/markets/markets.wire.js';

/** Pushes per second per event (bench/README.md, "hub-fanout": GetActiveBM at 2 Hz). */
export const PUSH_HZ = 2;
/** Event ids are real-looking 8-digit ids from here up; the clients join FIRST_EVENT_ID + k. */
export const FIRST_EVENT_ID = 32_145_678;
/** What the servers print before their control replies (their other output is logs). */
export const REPLY = '[hub-fanout] ';

/**
 * Microseconds on the system-wide monotonic clock (CLOCK_MONOTONIC, shared by every process on
 * the machine): the push's Seq is its due time on it, so a client's latency is its own reading
 * minus Seq. Seq stays what the contract says (an integer that grows with every push of a market).
 */
export const nowMicros = () => Number(process.hrtime.bigint() / 1000n);

const RUNNERS = [
  [1001, 'India'],
  [1002, 'Australia'],
  [1003, 'The Draw'],
];

/** The notifier's GetActiveBM argument for a bookmaker market whose prices moved. */
export function oddsPayload(eventId, seq, step) {
  const marketId = `${eventId}B`;
  const view = {
    market: { marketId },
    status: 'ACTIVE',
    isInPlay: true,
    seq,
    runners: RUNNERS.map(([selectionId, name], index) => {
      const back = 40 + ((step * 7 + index * 23 + eventId) % 57);
      return {
        selectionId,
        name,
        status: 'ACTIVE',
        back: [{ price: back, size: 50_000 + ((step * 997 + index * 131) % 50_000) }],
        lay: [{ price: back + 2, size: 40_000 + ((step * 991 + index * 137) % 50_000) }],
      };
    }),
  };
  return { Marketid: marketId, EventId: eventId, Seq: seq, BMList: bookmakerRowsWire(view) };
}

/**
 * Calls `publish(eventId, payload)` for events FIRST_EVENT_ID … +events-1, each PUSH_HZ times a
 * second, one push at a time on its own due time (no bursts), until stopped. A push's Seq is its
 * due time, not the moment it was built: a server that falls behind its schedule shows it as
 * latency, as its users would see it (stale odds).
 */
export function pushLoop(publish) {
  let timer;
  let started = 0;
  let sent = 0;
  let events = 0;
  const dueMicros = (push) => started + Math.round((push * 1e6) / (PUSH_HZ * events));
  const tick = () => {
    const now = nowMicros();
    while (dueMicros(sent) <= now) {
      const eventId = FIRST_EVENT_ID + (sent % events);
      publish(eventId, oddsPayload(eventId, dueMicros(sent), Math.floor(sent / events)));
      sent += 1;
    }
    timer = setTimeout(tick, Math.max(0, (dueMicros(sent) - nowMicros()) / 1000));
  };
  return {
    start(count) {
      clearTimeout(timer);
      events = count;
      sent = 0;
      started = nowMicros();
      tick();
    },
    /** Stops and answers how many pushes were sent. */
    stop() {
      clearTimeout(timer);
      timer = undefined;
      return sent;
    },
  };
}

/**
 * The control channel: one command a line on stdin (`start <events>`, `stop`, …), one reply a
 * line on stdout after REPLY. `handlers[command](...args)` answers the reply's text; `onEnd` runs
 * when stdin closes.
 */
export function control(handlers, onEnd) {
  const say = (text) => process.stdout.write(`${REPLY}${text}\n`);
  const lines = createInterface({ input: process.stdin });
  // The benchmark is gone (stdin closed): stop, leaving nothing behind.
  lines.on('close', onEnd);
  lines.on('line', (line) => {
    const [command = '', ...args] = line.trim().split(/\s+/);
    const handler = handlers[command];
    if (!handler) return say(`error unknown command ${command}`);
    Promise.resolve()
      .then(() => handler(...args))
      .then(
        (answer) => say(`${command} ${answer ?? ''}`.trim()),
        (error) => say(`error ${command}: ${error instanceof Error ? error.message : error}`),
      );
  });
  return say;
}
