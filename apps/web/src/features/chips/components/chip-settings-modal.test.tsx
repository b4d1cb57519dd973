import { CHIP_MESSAGES } from '@backlay/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { toast } from '../../../lib/toast';
import { describe, expect, it, vi } from 'vitest';
import { storeLogin } from '../../../lib/session';
import { routeFetch } from '../../../test/fetch';
import { TEST_LOGIN } from '../../../test/render';
import { ChipSettingsModal } from './chip-settings-modal';
import { eventually } from '../../../test/eventually';

const CHIPS = { Status: true, Result: { ChipName: '500,1K,5K', ChipValue: '500,1000,5000' } };

function renderModal(update: { Status: boolean; Result: string }) {
  storeLogin(TEST_LOGIN);
  const api = routeFetch({
    '/api/ChipModels/GetChipModels': () => ({ body: CHIPS }),
    '/api/ChipModels/UpdateChips': () => ({ body: update }),
  });
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChipSettingsModal onClose={onClose} />
    </QueryClientProvider>,
  );
  return { ...api, onClose };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
const edit = (label: string, value: string) =>
  fireEvent.change(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('chip settings (Edit Stake)', () => {
  it("edits the chips' names and values, toasts 'Chip updated successfully !!' and reloads them", async () => {
    const success = vi.spyOn(toast, 'success');
    const { callsTo, onClose } = renderModal({
      Status: true,
      Result: 'Chip updated successfully !!',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Stake' });
    await within(dialog).findByLabelText('Chip 3 value');
    expect(
      within(dialog)
        .getAllByRole('textbox')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['500', '500', '1K', '1000', '5K', '5000']);
    edit('Chip 1 name', ' 2K,');
    edit('Chip 1 value', '2000');
    expect(field('Chip 1 name').value).toBe(' 2K');
    save();
    await eventually(() => expect(onClose).toHaveBeenCalled());
    const [post] = callsTo('/api/ChipModels/UpdateChips');
    expect(post?.init?.method).toBe('POST');
    expect(JSON.parse(post?.init?.body as string)).toEqual({
      ChipName: '2K,1K,5K',
      ChipValue: '2000,1000,5000',
    });
    expect(success).toHaveBeenCalledWith('Chip updated successfully !!');
    await eventually(() => expect(callsTo('/api/ChipModels/GetChipModels')).toHaveLength(2));
  });

  it('refuses what the domain cannot read back, and shows the server refusal', async () => {
    const error = vi.spyOn(toast, 'error');
    const { callsTo, onClose } = renderModal({ Status: false, Result: 'Keep at least one chip' });
    await screen.findByLabelText('Chip 1 value');
    edit('Chip 2 value', '10.5');
    save();
    expect(error).toHaveBeenLastCalledWith(CHIP_MESSAGES.badValue);
    edit('Chip 2 value', '1000');
    edit('Chip 2 name', '');
    save();
    expect(error).toHaveBeenLastCalledWith(CHIP_MESSAGES.badName);
    expect(callsTo('/api/ChipModels/UpdateChips')).toHaveLength(0);

    edit('Chip 2 name', '1K');
    save();
    await eventually(() => expect(error).toHaveBeenLastCalledWith('Keep at least one chip'));
    expect(onClose).not.toHaveBeenCalled();
    expect(callsTo('/api/ChipModels/GetChipModels')).toHaveLength(1);
  });
});
