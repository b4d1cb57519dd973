import { operatorHubTicket } from '@backlay/contract/backoffice/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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

/**
 * The back office's hub connection while the risk screen is open (docs/backoffice.md): each
 * `RiskChanged` reads the risk book again at once. Answers whether the hub is connected, so that
 * the screen polls only as a safety net while it is.
 */
export function useRiskHub(): boolean {
  const queryClient = useQueryClient();
  const [isConnected, setConnected] = useState(false);
  useEffect(() => {
    let stopped = false;
    let connection: ReturnType<typeof buildHubConnection>;
    try {
      connection = buildHubConnection(0, fetchOperatorTicket);
    } catch (error) {
      // No hub (a page without a resolvable URL): the screen keeps its one-second poll.
      logError('back office hub', error);
      return;
    }
    onPush(
      connection,
      'RiskChanged',
      () => void queryClient.invalidateQueries({ queryKey: backofficeKeys.risk() }),
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
