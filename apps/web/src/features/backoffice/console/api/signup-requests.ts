import { agentSignupRequests } from '@backlay/contract/agents/client';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { answered, callApi, type ApiAnswer, type ApiQuery } from '../../../../lib/api';
import { consoleKeys } from '../query-keys';

export type SignupRequestsQuery = ApiQuery<typeof agentSignupRequests>;

/** A page of the requests waiting for the agent's decision, and how many wait. */
export type SignupRequestsAnswer = Extract<
  ApiAnswer<typeof agentSignupRequests>,
  { Status: true }
>['Result'];

/** One request: who asked, their name and mobile, when (docs/agents.md#sign-up). */
export type SignupRequestRow = SignupRequestsAnswer['requests'][number];

/** The sign-up requests waiting for the agent, oldest first, a page at a time. */
export const signupRequestsQuery = (query: SignupRequestsQuery) =>
  queryOptions({
    queryKey: [...consoleKeys.requests(), query] as const,
    queryFn: async ({ signal }) =>
      answered(await callApi(agentSignupRequests, { query, signal })).Result,
    placeholderData: keepPreviousData,
  });

export function useSignupRequests(query: SignupRequestsQuery) {
  return useQuery(signupRequestsQuery(query));
}
