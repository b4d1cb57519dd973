import { AGENTS_GROUP, OPERATORS_GROUP, type HubPublisher } from './hub.js';

/** How long the events whose book changed are gathered before one push names them all. */
export const RISK_PUSH_EVERY_MS = 250;

/**
 * Tells the back office's operators which events' house book changed (docs/backoffice.md): a
 * bet placed, cancelled or cashed out, a result declared, voided or rolled back; a matka bet
 * placed or a matka market closed, drawn, declared, voided or rolled back (the game's EventId); a
 * casino round opened, settled or voided (its game's EventId, CASINO_GAMES). A busy market
 * changes many times a second; its events are gathered and pushed at most every
 * {@link RISK_PUSH_EVERY_MS} as one `RiskChanged`, and the risk screen reads the book again. The
 * agent network's back office hears the same push (docs/agents.md#reads): event ids are no
 * secret, and each console reads its own subtree's book again.
 */
export function createRiskPushes(
  publisher: HubPublisher,
  schedule: (work: () => void, ms: number) => void = (work, ms) => {
    setTimeout(work, ms).unref();
  },
) {
  const pending = new Set<number>();
  const flush = () => {
    const eventIds = [...pending].sort((a, b) => a - b);
    pending.clear();
    if (eventIds.length === 0) return;
    for (const group of [OPERATORS_GROUP, AGENTS_GROUP])
      publisher.toGroup(group, { target: 'RiskChanged', payload: { EventIds: eventIds } });
  };
  return {
    changed(eventId: number): void {
      if (!Number.isSafeInteger(eventId)) return;
      if (pending.size === 0) schedule(flush, RISK_PUSH_EVERY_MS);
      pending.add(eventId);
    },
  };
}

export type RiskPushes = ReturnType<typeof createRiskPushes>;
