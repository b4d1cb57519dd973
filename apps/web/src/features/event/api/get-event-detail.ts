import { getEventDetail } from '@backlay/contract/markets/client';
import type { EventDetail } from '@backlay/contract/markets';
import type { HubPayload } from '@backlay/contract/hub';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { seqAnswerMerge, seqNewer } from '../../../lib/seq-merge';
import { eventKeys } from '../query-keys';

export type EventDetailResult =
  | { readonly isFound: true; readonly detail: EventDetail }
  | { readonly isFound: false; readonly message: string };

export const eventDetailQuery = (eventId: string) =>
  queryOptions({
    queryKey: eventKeys.detail(eventId),
    queryFn: ({ signal }) => callApi(getEventDetail, { query: { eventId }, signal }),
    structuralSharing: seqAnswerMerge<EventDetail>(seqNewer),
    select: (answer): EventDetailResult =>
      answer.Status
        ? { isFound: true, detail: answer.Result }
        : { isFound: false, message: answer.Result },
  });

/** The event's markets and fancy settings, loaded on entry (docs/product.md#states "Event screen loading"). */
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

/**
 * A pushed detail (hub EventSuspended) into the event's detail, by Seq; the held TvUrl stays (it
 * names the host the screen reached, which a group push does not know).
 */
export function eventDetailPut(
  queryClient: QueryClient,
  eventId: string,
  push: HubPayload<'EventSuspended'>,
): void {
  queryClient.setQueryData(eventDetailQuery(eventId).queryKey, (answer) => {
    if (!answer?.Status) return undefined;
    const Result = seqNewer(answer.Result, { ...push.Detail, TvUrl: answer.Result.TvUrl });
    return Result === answer.Result ? undefined : { ...answer, Result };
  });
}
