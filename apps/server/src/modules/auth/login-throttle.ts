import type { LoginThrottleConfig } from '../../config.js';
import type { Db } from '../../db/pool.js';
import * as q from './auth.queries.js';

/** A failure older than this no longer counts towards a block. */
const FAILURE_MEMORY_MS = 24 * 3600 * 1000;

/** Seconds an account or address is blocked after `failures` failures (0 below the limit). */
export function blockDurationS(
  failures: number,
  limit: number,
  config: LoginThrottleConfig,
): number {
  if (failures < limit) return 0;
  const doublings = Math.min(failures - limit, 30);
  return Math.min(config.maxBlockS, config.blockS * 2 ** doublings);
}

/** The two throttled keys of a login: the account's name and the socket's address. */
export interface ThrottleKeys {
  readonly account: string;
  readonly address: string;
}

/**
 * Failed logins block an account and an address for a time that doubles with each failure past
 * the limit (docs/decisions.md#api). Clients and operators each name their keys apart (`account:`,
 * `operator:`), in one table.
 */
export function createLoginThrottle(db: Db, config: LoginThrottleConfig) {
  return {
    /** Milliseconds since the epoch until which either key is blocked; 0 when neither is. */
    async blockedUntil(keys: ThrottleKeys): Promise<number> {
      return (await q.readThrottles(db, [keys.account, keys.address]))
        .map((row) => row.blockedUntil?.getTime() ?? 0)
        .reduce((a, b) => Math.max(a, b), 0);
    },

    async recordFailure(keys: ThrottleKeys, now: Date): Promise<void> {
      const existing = new Map(
        (await q.readThrottles(db, [keys.account, keys.address])).map((r) => [r.key, r]),
      );
      for (const [key, limit] of [
        [keys.account, config.accountLimit],
        [keys.address, config.addressLimit],
      ] as const) {
        const previous = existing.get(key);
        const remembered =
          previous && now.getTime() - previous.lastFailureAt.getTime() < FAILURE_MEMORY_MS;
        const failures = (remembered ? previous.failures : 0) + 1;
        const blockS = blockDurationS(failures, limit, config);
        await q.writeThrottle(db, {
          key,
          failures,
          blockedUntil: blockS > 0 ? new Date(now.getTime() + blockS * 1000) : null,
          lastFailureAt: now,
        });
      }
    },

    /** Forgets an account's failures after a successful login. */
    clear: (key: string) => q.clearThrottle(db, key),
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
