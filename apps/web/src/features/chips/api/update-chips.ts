import { updateChips } from '@backlay/contract/chips/client';
import type { ChipSettings } from '@backlay/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { chipKeys } from '../query-keys';

/** Saves the chips; a saved change reloads them everywhere (docs/product.md#errors 'then chips reload'). */
export function useUpdateChips() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ChipSettings) => callApi(updateChips, { body: settings }),
    onSuccess: (answer) => {
      if (answer.Status) void queryClient.invalidateQueries({ queryKey: chipKeys.all });
    },
  });
}
