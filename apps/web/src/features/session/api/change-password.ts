import { changePassword } from '@backlay/contract/chips/client';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** POST { oldPassword, newPassword } (SPEC §3; never in a URL — DESIGN §4). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { oldPassword: string; newPassword: string }) =>
      callApi(changePassword, { body }),
  });
}
