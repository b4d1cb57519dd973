import { useEffect } from 'react';
import { toast } from './toast';
import { pendingUpdate, type PendingUpdate } from './pwa';
import { useSignal } from './signal';

/** What the update prompt says: a new build of `name` (the host's brand) is deployed. */
export const updateMessage = (name: string): string => `A new version of ${name} is available`;

/** The prompt's toast stays until the bettor answers it; one at a time. */
const UPDATE_TOAST_ID = 'app-update';

/** The update waiting for the bettor, if any. */
function usePendingUpdate(): PendingUpdate | null {
  return useSignal(pendingUpdate);
}

/**
 * The update prompt (docs/pwa-and-data-saver.md): a toast that stays until answered, whose Reload
 * hands the page to the new build. Mounted with the toasts (the logged-in frame's header); a
 * visitor of the landing page gets the new build at their next load.
 */
export function useUpdatePrompt(name: string): void {
  const update = usePendingUpdate();
  useEffect(() => {
    if (update === null) return;
    toast(updateMessage(name), {
      id: UPDATE_TOAST_ID,
      duration: Number.POSITIVE_INFINITY,
      action: { label: 'Reload', onClick: update.apply },
    });
  }, [update, name]);
}
