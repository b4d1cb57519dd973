import type { HubPayload } from '@backlay/contract/hub';
import { bookmakerMarketId } from '@backlay/domain';
import type { QueryClient } from '@tanstack/react-query';
import { priceStoreOf } from '../price-store';
import { activeFancyQuery } from './get-active-fancy';
import { customBookmakerQuery } from './get-custom-bookmaker';
import { customFancyQuery } from './get-custom-fancy';

/**
 * The operator's rows of an event as a push gives them (hub EventSuspended: custom bookmaker,
 * custom and active fancy rows), written into the price store as their reads' answers.
 */
export function operatorRowsPut(
  queryClient: QueryClient,
  eventId: string,
  push: HubPayload<'EventSuspended'>,
): void {
  const bookmakerId = bookmakerMarketId(Number(eventId));
  const store = priceStoreOf(queryClient);
  store.answer(customBookmakerQuery(eventId, bookmakerId).queryKey, {
    Status: true,
    Result: push.CustomBookmaker,
  });
  store.answer(customFancyQuery(eventId, true).queryKey, {
    Status: true,
    Result: push.CustomFancy,
  });
  store.answer(activeFancyQuery(eventId, true).queryKey, {
    Status: true,
    Result: push.ActiveFancy,
  });
}
