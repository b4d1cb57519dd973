import type { ProviderStatus } from '../control.js';
import type { FeedSource } from '../runner.js';
import type { FeedUpdate } from '../types.js';
import { createStreamCache } from './cache.js';
import type { MarketChangeMessage } from './messages.js';
import { createTranslator, type TranslateSettings, type TranslatorSnapshot } from './translate.js';

/**
 * FEED=betfair-file (docs/feeds.md, "Replaying a recording"): Betfair's recorded messages played
 * through the same cache and translation as the live stream, on a replay clock: `speed` × real
 * time from the first message (0: as fast as it reads). With a hold point, every message published
 * up to it is applied at once and the replay holds there, heartbeating, so the markets stay as the
 * recording last left them; the operator moves the hold point forward.
 */
export interface ReplayControl {
  /** Moves the hold point to `until` (epoch ms), at or after the last applied message. */
  holdUntil(until: number): { ok: true } | { ok: false; message: string };
  /** Plays on at the replay's speed, holding nowhere. */
  release(): void;
  status(): ReplayStatus;
  /** The same, as the feed status route says every provider's. */
  provider(): ProviderStatus;
}

export interface ReplayStatus {
  /** Publish time of the last applied message (epoch ms); null before the first. */
  readonly replayAt: number | null;
  /** Where the replay holds (epoch ms); null while it plays. */
  readonly heldAt: number | null;
  readonly applied: number;
  readonly total: number;
  readonly malformed: number;
  readonly crossed: number;
  readonly skipped: number;
}

interface ReplaySnapshot {
  readonly files: readonly string[];
  readonly next: number;
  readonly cursor: number;
  readonly heldAt: number | null;
  readonly translator: TranslatorSnapshot;
}

export function createReplaySource(options: {
  files: readonly string[];
  messages: readonly MarketChangeMessage[];
  malformed: number;
  speed: number;
  /** Epoch ms; absent: play from the start at `speed`. */
  until?: number | undefined;
  settings: TranslateSettings;
  heartbeatMs: number;
  log: (message: string) => void;
}): FeedSource & { replay: ReplayControl } {
  const { messages, speed, log } = options;
  let cache = createStreamCache({ firstIsImage: true });
  let translator = createTranslator({ settings: options.settings, log });
  let next = 0;
  /** The replay clock: every message published at or before it is applied. */
  let cursor = messages[0]?.pt ?? 0;
  let heldAt: number | null = options.until ?? null;
  let lastTick: number | undefined;
  let lastHeartbeat = 0;
  let replayAt: number | null = null;
  /** Where a restored replay must reach before it plays on (applied in the first tick). */
  let resumeAt: number | null = null;

  function advance(now: number): number {
    const elapsed = lastTick === undefined ? 0 : Math.max(0, now - lastTick);
    lastTick = now;
    if (resumeAt !== null) {
      cursor = Math.max(cursor, resumeAt);
      resumeAt = null;
    }
    if (heldAt !== null) return Math.max(cursor, heldAt);
    return speed === 0 ? Number.POSITIVE_INFINITY : cursor + elapsed * speed;
  }

  const status = (): ReplayStatus => ({
    replayAt,
    heldAt,
    applied: next,
    total: messages.length,
    malformed: options.malformed + cache.malformed,
    crossed: translator.counts.crossed,
    skipped: translator.counts.skipped,
  });

  return {
    name: 'betfair-file',
    tick(at) {
      const now = at.getTime();
      const target = advance(now);
      const changed: string[] = [];
      while (next < messages.length && messages[next]!.pt <= target) {
        const message = messages[next]!;
        changed.push(...cache.apply(message));
        replayAt = message.pt;
        next += 1;
      }
      if (Number.isFinite(target)) cursor = target;
      else if (replayAt !== null) cursor = replayAt;
      const updates: FeedUpdate[] = changed.length > 0 ? translator.updates(cache, changed) : [];
      if (now - lastHeartbeat >= options.heartbeatMs) {
        lastHeartbeat = now;
        const eventIds = translator.openEventIds();
        if (eventIds.length > 0) updates.push({ kind: 'heartbeat', eventIds });
      }
      return updates;
    },
    snapshot: (): ReplaySnapshot => ({
      files: options.files,
      next,
      cursor,
      heldAt,
      translator: translator.snapshot(),
    }),
    restore(saved) {
      const snapshot = saved as Partial<ReplaySnapshot> | undefined;
      if (
        !snapshot ||
        JSON.stringify(snapshot.files) !== JSON.stringify(options.files) ||
        typeof snapshot.cursor !== 'number'
      ) {
        log('betfair: the saved replay was of other files; the replay starts afresh');
        return;
      }
      // A fresh cache replays what the last leader applied, in the first tick.
      cache = createStreamCache({ firstIsImage: true });
      translator = createTranslator({ settings: options.settings, log });
      if (snapshot.translator) translator.restore(snapshot.translator);
      next = 0;
      cursor = messages[0]?.pt ?? 0;
      resumeAt = snapshot.cursor;
      heldAt = snapshot.heldAt ?? null;
      replayAt = null;
    },
    replay: {
      holdUntil(until) {
        if (replayAt !== null && until < replayAt) {
          return {
            ok: false,
            message: `The replay is at ${new Date(replayAt).toISOString()}: a hold point can only move forward`,
          };
        }
        heldAt = until;
        return { ok: true };
      },
      release() {
        heldAt = null;
      },
      status,
      provider() {
        const now = status();
        return {
          connected: true,
          malformed: now.malformed,
          crossed: now.crossed,
          skipped: now.skipped,
          reconnects: 0,
          lagging: 0,
          lastPublishAt: now.replayAt,
        };
      },
    },
  };
}
