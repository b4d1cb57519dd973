import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offerUpdate } from './pwa';
import { updateMessage, useUpdatePrompt } from './pwa-prompt';
import { TestToaster } from '../test/toaster';

function Prompted({ name }: { name: string }) {
  useUpdatePrompt(name);
  return <TestToaster />;
}

afterEach(() => offerUpdate(null));

describe('the update prompt', () => {
  it('says nothing until a new build waits', () => {
    render(<Prompted name="Backlay" />);
    expect(screen.queryByText(updateMessage('Backlay'))).toBeNull();
  });

  it('names the brand and reloads onto the new build when asked', async () => {
    const apply = vi.fn();
    render(<Prompted name="SkyExch" />);
    act(() => offerUpdate({ apply }));
    expect(await screen.findByText('A new version of SkyExch is available')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });
});
