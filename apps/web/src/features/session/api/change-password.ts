import { changePassword } from '@backlay/contract/chips/client';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** POST { oldPassword, newPassword } (docs/product.md#entities; never in a URL — docs/decisions.md#api). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string }) =>
      callApi(changePassword, { body }),
  });
}
