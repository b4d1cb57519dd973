import { chipsFormat, chipsParse, type ChipSettings } from '@backlay/domain';
import type { Db } from '../../db/pool.js';
import type { Clock } from '../../seams.js';
import * as q from './chips.queries.js';

/** Every client starts with these stake shortcuts; the smallest is the house minimum (docs/product.md#constants). */
export const DEFAULT_CHIPS: ChipSettings = {
  ChipName: '500,1K,5K,10K,25K,50K',
  ChipValue: '500,1000,5000,10000,25000,50000',
};

/** At most this many chips fit the bet slip. */
export const MAX_CHIPS = 10;

export type ChipsOutcome =
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly message: string };

export function createChipsService(deps: { db: Db; clock: Clock }) {
  return {
    async read(clientId: string): Promise<ChipSettings> {
      const row = await q.readChips(deps.db, clientId);
      return row ? { ChipName: row.chip_names, ChipValue: row.chip_values } : DEFAULT_CHIPS;
    },

    /** Stores the chips in the domain's canonical form; malformed settings are refused. */
    async update(clientId: string, settings: ChipSettings): Promise<ChipsOutcome> {
      const parsed = chipsParse(settings);
      if (!parsed.ok) return parsed;
      if (parsed.chips.length === 0) return { ok: false, message: 'Keep at least one chip' };
      if (parsed.chips.length > MAX_CHIPS)
        return { ok: false, message: `At most ${MAX_CHIPS} chips` };
      const formatted = chipsFormat(parsed.chips);
      if (!formatted.ok) return formatted;
      await q.writeChips(
        deps.db,
        clientId,
        formatted.settings.ChipName,
        formatted.settings.ChipValue,
        deps.clock.now(),
      );
      return { ok: true, message: 'Chip updated successfully !!' };
    },
  };
}

export type ChipsService = ReturnType<typeof createChipsService>;
