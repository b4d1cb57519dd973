import type { BoEvent } from '@backlay/contract/backoffice';

/*
 * The markets screen's filters (docs/backoffice.md, "Screens"): an event's name, its sport and
 * its state, pure so that the screen and its tests agree on what each choice shows.
 */

/** What the status filter offers: the events table's states, and two of the operators' own. */
export const EVENT_FILTERS = [
  { value: 'all', label: 'All states' },
  { value: 'inplay', label: 'In play' },
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'closed', label: 'Closed' },
  { value: 'suspended', label: 'A market suspended' },
  { value: 'locked', label: 'Betting locked' },
] as const;

export type EventFilter = (typeof EVENT_FILTERS)[number]['value'];

export interface MarketsFilter {
  /** Words of the event's name (or its series'), in any case; empty: every event. */
  readonly search: string;
  /** 0: every sport. */
  readonly sportId: number;
  readonly status: EventFilter;
}

export const NO_FILTER: MarketsFilter = { search: '', sportId: 0, status: 'all' };

function hasStatus(event: BoEvent, status: EventFilter): boolean {
  switch (status) {
    case 'all':
      return true;
    case 'suspended':
      return event.markets.some((market) => market.isSuspendedByOperator);
    case 'locked':
      return event.isLocked;
    case 'inplay':
      // The feed's own spelling too, should an event carry it.
      return event.status === 'inplay' || event.status === 'IN_PLAY';
    case 'upcoming':
    case 'closed':
      return event.status.toLowerCase() === status;
  }
}

/** The events the filter keeps, in their order; every word searched must be in the name. */
export function filterEvents(events: readonly BoEvent[], filter: MarketsFilter): BoEvent[] {
  const words = filter.search.toLowerCase().split(/\s+/).filter(Boolean);
  return events.filter((event) => {
    const name = `${event.name} ${event.seriesName}`.toLowerCase();
    return (
      words.every((word) => name.includes(word)) &&
      (filter.sportId === 0 || event.sportId === filter.sportId) &&
      hasStatus(event, filter.status)
    );
  });
}

/** The sports the events have, in order of first appearance. */
export function sportsOf(events: readonly BoEvent[]): number[] {
  return [...new Set(events.map((event) => event.sportId))];
}
