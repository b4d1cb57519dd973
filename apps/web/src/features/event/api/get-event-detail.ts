import { getEventDetail, type EventDetail } from '@backlay/contract/markets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { eventKeys } from '../query-keys';

export type EventDetailResult =
  | { readonly isFound: true; readonly detail: EventDetail }
  | { readonly isFound: false; readonly message: string };

export const eventDetailQuery = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.detail(eventId),
    queryFn: ({ signal }) => callApi(getEventDetail, { query: { eventId }, signal }),
    select: (answer): EventDetailResult =>
      answer.Status
        ? { isFound: true, detail: answer.Result }
        : { isFound: false, message: answer.Result },
  });

/** The event's markets and fancy settings, loaded on entry (SPEC §4 "Event screen loading"). */
export function useEventDetail(eventId: string) {
  return useQuery(eventDetailQuery(eventId));
}

/**
 * The URL of the event's live TV player, or null when none is configured. Read as optional:
 * `TvUrl` is being added to the event detail answer.
 */
export function eventTvUrl(detail: EventDetail): string | null {
  return 'TvUrl' in detail && typeof detail.TvUrl === 'string' && detail.TvUrl !== ''
    ? detail.TvUrl
    : null;
}
