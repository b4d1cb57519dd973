import { getBmFancy } from '@backlay/contract/markets/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi, type ApiAnswer } from '../../../lib/api';
import type { HubPayload } from '@backlay/contract/hub';
import { replaceEqualDeep, type QueryClient } from '@tanstack/react-query';
import { answered, priceStoreOf } from '../price-store';
import { eventKeys } from '../query-keys';
import { oddsPollMs } from './polling';

type BmFancyAnswer = ApiAnswer<typeof getBmFancy>;
export type BmFancy = Extract<BmFancyAnswer, { Status: true }>['Result'];

export const bmFancyQuery = (eventId: string, isEnabled: boolean) =>
  queryOptions({
    queryKey: eventKeys.bmFancy(eventId),
    queryFn: async (context) =>
      answered(
        context,
        await callApi(getBmFancy, { params: { eventId }, signal: context.signal }),
        bmFancyMerge,
      ),
    refetchInterval: oddsPollMs,
    structuralSharing: false,
    select: (answer): BmFancy | null => (answer.Status ? answer.Result : null),
    enabled: isEnabled,
  });

/**
 * Reads the event's bookmaker and fancy rates (feed rows) every 2 s; for sport 4 (docs/product.md#states). The
 * caller does not render on an answer: the tables read it from the price store (boards.ts).
 */
export function useBmFancy(eventId: string, isEnabled: boolean): void {
  useQuery({ ...bmFancyQuery(eventId, isEnabled), notifyOnChangeProps: [] });
}

/**
 * Each part by its own Seq (docs/decisions.md#hub): the bookmaker rows by BMSeq, the fancy rows by FancySeq;
 * a held part wins only when its Seq is higher. Unchanged parts keep their references.
 */
export function bmFancyMerge(held: BmFancy, next: BmFancy): BmFancy {
  const bookmaker = held.BMSeq > next.BMSeq ? { BMSeq: held.BMSeq, BMList: held.BMList } : next;
  const fancy =
    held.FancySeq > next.FancySeq ? { FancySeq: held.FancySeq, fancyList: held.fancyList } : next;
  return replaceEqualDeep(held, {
    ...next,
    BMSeq: bookmaker.BMSeq,
    BMList: bookmaker.BMList,
    FancySeq: fancy.FancySeq,
    fancyList: fancy.fancyList,
  });
}

/**
 * Puts a push's new Result into the held one in the price store by the merge; nothing before the
 * first answer.
 */
function bmFancyPut(queryClient: QueryClient, eventId: string, change: (held: BmFancy) => BmFancy) {
  priceStoreOf(queryClient).patch(bmFancyQuery(eventId, true).queryKey, (answer) => {
    if (!answer?.Status) return undefined;
    const Result = bmFancyMerge(answer.Result, change(answer.Result));
    return Result === answer.Result ? undefined : { ...answer, Result };
  });
}

/** A pushed bookmaker part (hub GetActiveBM) into the event's BmFancy, by its Seq. */
export function bookmakerRowsPut(
  queryClient: QueryClient,
  eventId: string,
  push: HubPayload<'GetActiveBM'>,
): void {
  bmFancyPut(queryClient, eventId, (held) => ({ ...held, BMSeq: push.Seq, BMList: push.BMList }));
}

/**
 * A pushed fancy part (hub GetActiveSession) into the event's BmFancy, by its Seq: a group push
 * carries no one's position, so each row keeps the client's own `profitLoss`.
 */
export function fancyRowsPut(
  queryClient: QueryClient,
  eventId: string,
  push: HubPayload<'GetActiveSession'>,
): void {
  bmFancyPut(queryClient, eventId, (held) => {
    const positions = new Map(held.fancyList.map((row) => [row.SelectionId, row.profitLoss]));
    return {
      ...held,
      FancySeq: push.Seq,
      fancyList: push.fancyList.map((row) => ({
        ...row,
        profitLoss: positions.get(row.SelectionId) ?? 0,
      })),
    };
  });
}
