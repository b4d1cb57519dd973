import { getAccountStatement } from '@backlay/contract/reports/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi, type ApiQuery } from '../../../lib/api';
import { reportKeys } from '../query-keys';

export type StatementQuery = ApiQuery<typeof getAccountStatement>;

/** docs/product.md#calls account statement: one page of ledger rows with the open and close balances. */
export const accountStatementQuery = (query: StatementQuery) =>
  queryOptions({
    queryKey: reportKeys.statement(query),
    queryFn: async ({ signal }) => answered(await callApi(getAccountStatement, { query, signal })),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useAccountStatement(query: StatementQuery) {
  return useQuery(accountStatementQuery(query));
}
