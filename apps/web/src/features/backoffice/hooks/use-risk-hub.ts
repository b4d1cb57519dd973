import { operatorHubTicket } from '@backlay/contract/backoffice/client';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { callApi } from '../../../lib/api';
import { buildHubConnection, keepConnected, onPush } from '../../../lib/hub';
import { logError } from '../../../lib/log';
import { backofficeKeys } from '../query-keys';

/** The operator's own single-use hub ticket (never their bearer token). */
async function fetchOperatorTicket(): Promise<string> {
  const answer = await callApi(operatorHubTicket);
  if (!answer.Status) throw new Error(answer.Result);
  return answer.Result.ticket;
}

export interface RiskHubOptions {
  /** A fresh single-use ticket for each connection: the operator's unless given. */
  readonly fetchTicket?: () => Promise<string>;
  /** What each `RiskChanged` reads again: the risk book unless given. */
  readonly queryKey?: QueryKey;
}

/**
 * A back-office hub connection while a live screen is open (docs/backoffice.md#live-risk): each
 * `RiskChanged` reads the screen's book again at once — the operators' risk book, or with an
 * agent's ticket and key an agent's own book (docs/agents.md#reads "Pushes"). Answers whether
 * the hub is connected, so that the screen polls only as a safety net while it is.
 */
export function useRiskHub({
  fetchTicket = fetchOperatorTicket,
  queryKey = backofficeKeys.risk(),
}: RiskHubOptions = {}): boolean {
  const queryClient = useQueryClient();
  const [isConnected, setConnected] = useState(false);
  // The connection lives as long as the screen; it takes the latest ticket source and key.
  const latest = useRef({ fetchTicket, queryKey });
  useEffect(() => {
    latest.current = { fetchTicket, queryKey };
  });
  useEffect(() => {
    let stopped = false;
    let connection: ReturnType<typeof buildHubConnection>;
    try {
      connection = buildHubConnection(0, () => latest.current.fetchTicket());
    } catch (error) {
      // No hub (a page without a resolvable URL): the screen keeps its one-second poll.
      logError('back office hub', error);
      return;
    }
    onPush(
      connection,
      'RiskChanged',
      () => void queryClient.invalidateQueries({ queryKey: latest.current.queryKey }),
    );
    const release = keepConnected(
      connection,
      () => stopped,
      (lost) => {
        if (!stopped) setConnected(!lost);
      },
    );
    return () => {
      stopped = true;
      release();
      void connection.stop();
    };
  }, [queryClient]);
  return isConnected;
}
