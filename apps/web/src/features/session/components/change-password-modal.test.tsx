import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { toast } from '../../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { storeLogin } from '../../../lib/session';
import { jsonResponse, stubFetch } from '../../../test/fetch';
import { TEST_LOGIN } from '../../../test/render';
import { ChangePasswordModal, PASSWORD_MESSAGES } from './change-password-modal';
import { eventually } from '../../../test/eventually';

function renderModal() {
  storeLogin(TEST_LOGIN);
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ChangePasswordModal onClose={onClose} />
    </QueryClientProvider>,
  );
  return { onClose };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const fill = (oldPassword: string, newPassword: string) => {
  fireEvent.change(field('Old Password'), { target: { value: oldPassword } });
  fireEvent.change(field('New Password'), { target: { value: newPassword } });
};
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));

describe('change password', () => {
  it('shows the Result of a falsy Status in the dialog and clears the fields (docs/product.md#errors)', async () => {
    const { calls } = stubFetch({ body: { Status: false, Result: 'Old password is incorrect' } });
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { onClose } = renderModal();
    fill('not-mine', 'a-new-secret');
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe('Old password is incorrect');
    expect(alert).not.toHaveBeenCalled();
    expect(field('Old Password').value).toBe('');
    expect(field('New Password').value).toBe('');
    expect(onClose).not.toHaveBeenCalled();
    expect(calls[0]?.url).toBe('/api/SignUPModels/changePwd');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(calls[0]?.init?.body as string)).toEqual({
      oldPassword: 'not-mine',
      newPassword: 'a-new-secret',
    });
  });

  it('takes the refusal away when the next attempt starts', async () => {
    let answer!: (response: Response) => void;
    stubFetch(
      { body: { Status: false, Result: 'Old password is incorrect' } },
      new Promise<Response>((resolve) => (answer = resolve)),
    );
    renderModal();
    fill('not-mine', 'a-new-secret');
    submit();
    await screen.findByRole('alert');
    fill('e2e-password-1', 'a-new-secret');
    submit();
    await eventually(() => expect(screen.queryByRole('alert')).toBeNull());
    answer(jsonResponse({ Status: false, Result: 'New password must be at least 8 characters' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'New password must be at least 8 characters',
    );
  });

  it('toasts a change and closes', async () => {
    stubFetch({ body: { Status: true, Result: 'Password changed successfully' } });
    const success = vi.spyOn(toast, 'success');
    const { onClose } = renderModal();
    fill('e2e-password-1', 'a-new-secret');
    submit();
    await eventually(() => expect(onClose).toHaveBeenCalled());
    expect(success).toHaveBeenCalledWith('Password changed successfully');
  });

  it('asks for both passwords before sending', () => {
    const { fetch } = stubFetch({ body: {} });
    const error = vi.spyOn(toast, 'error');
    renderModal();
    submit();
    fill('old-one', '');
    submit();
    expect(error.mock.calls).toEqual([
      [PASSWORD_MESSAGES.oldRequired],
      [PASSWORD_MESSAGES.newRequired],
    ]);
    expect(fetch).not.toHaveBeenCalled();
  });
});
