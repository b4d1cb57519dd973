import type { CustomBookmakerBody, CustomFancyBody } from '@backlay/contract/ops';
import { marketIdParse } from '@backlay/domain';
import type { Db } from '../../db/pool.js';
import type { Clock } from '../../seams.js';
import * as q from './markets.queries.js';

export type OperatorOutcome =
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly message: string };

const done = (message: string): OperatorOutcome => ({ ok: true, message });
const refused = (message: string): OperatorOutcome => ({ ok: false, message });

/** The operator's controls over events and markets (DESIGN §1). */
export function createMarketsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async lockEvent(eventId: number, locked: boolean): Promise<OperatorOutcome> {
      if (!(await q.setEventLock(db, eventId, locked))) return refused(`No event ${eventId}`);
      return done(`Event ${eventId} ${locked ? 'locked' : 'unlocked'}`);
    },

    async suspendMarket(marketId: string, suspended: boolean): Promise<OperatorOutcome> {
      if (!(await q.setMarketSuspended(db, marketId, suspended)))
        return refused(`No market ${marketId}`);
      return done(`Market ${marketId} ${suspended ? 'suspended' : 'resumed'}`);
    },

    async setCustomFancy(row: CustomFancyBody): Promise<OperatorOutcome> {
      if (!row.selectionId.startsWith(`${row.eventId}-`)) {
        return refused(`Fancy row ${row.selectionId} does not belong to event ${row.eventId}`);
      }
      if (row.max < row.min) return refused('max must not be below min');
      if (!(await q.eventExists(db, row.eventId))) return refused(`No event ${row.eventId}`);
      await q.upsertCustomFancy(db, row, clock.now());
      return done(`Custom fancy row ${row.selectionId} saved`);
    },

    async setCustomBookmaker(row: CustomBookmakerBody): Promise<OperatorOutcome> {
      const parts = marketIdParse(row.marketId);
      if (!parts || parts.kind !== 'BOOKMAKER')
        return refused(`${row.marketId} is not a bookmaker market id`);
      if (!(await q.eventExists(db, parts.eventId))) return refused(`No event ${parts.eventId}`);
      await q.upsertCustomBookmaker(db, parts.eventId, row, clock.now());
      return done(`Custom bookmaker row ${row.marketId}/${row.selectionId} saved`);
    },

    listOpenEvents: () => q.listOpenEvents(db),
  };
}

export type MarketsService = ReturnType<typeof createMarketsService>;
