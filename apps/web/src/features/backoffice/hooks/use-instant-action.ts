import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { ApiError } from '../../../lib/api';
import type { ActionAnswer } from '../api/types';

/**
 * An action that moves no money and can simply be done again (a lock, a suspension, a news
 * message): sent at once, its answer toasted with the server's `Result`, then `refresh` asked
 * for again. `busy` names the action in flight, so its button can hold.
 */
export function useInstantAction(refresh: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  async function run(name: string, action: () => Promise<ActionAnswer>): Promise<boolean> {
    setBusy(name);
    try {
      const answer = await action();
      if (answer.Status) toast.success(answer.Result);
      else toast.error(answer.Result);
      return answer.Status;
    } catch (error) {
      // A 401 goes to the login page; nothing to say here.
      if (!(error instanceof ApiError && error.status === 401))
        toast.error(error instanceof Error ? error.message : 'The action failed');
      return false;
    } finally {
      setBusy(null);
      for (const queryKey of refresh) void queryClient.invalidateQueries({ queryKey });
    }
  }
  return { busy, run };
}
