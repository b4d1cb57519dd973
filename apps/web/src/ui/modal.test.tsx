import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

/** A page with an opener button and the modal it opens, as the app's screens use it. */
function Page({ onClose = () => {} }: { onClose?: () => void }) {
  const [isOpen, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open position
      </button>
      {isOpen && (
        <Modal title="Position" onClose={close} footer={<button type="button">Accept</button>}>
          <label>
            Stake <input />
          </label>
        </Modal>
      )}
    </>
  );
}

const tab = (shiftKey = false) => fireEvent.keyDown(document, { key: 'Tab', shiftKey });

describe('Modal', () => {
  it('is a modal dialog named by its title, focused when it opens', () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open position' }));
    const dialog = screen.getByRole('dialog', { name: 'Position' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(dialog);
  });

  it('keeps Tab inside: past the last control comes the first, before the first the last', () => {
    render(<Page />);
    fireEvent.click(screen.getByRole('button', { name: 'Open position' }));
    const close = screen.getByRole('button', { name: 'Close' });
    const accept = screen.getByRole('button', { name: 'Accept' });
    accept.focus();
    tab();
    expect(document.activeElement).toBe(close);
    tab(true);
    expect(document.activeElement).toBe(accept);
    // From the dialog itself (as it opens), Shift+Tab goes to the last control, not the page.
    screen.getByRole('dialog').focus();
    tab(true);
    expect(document.activeElement).toBe(accept);
  });

  it('closes on Escape and gives the focus back to the control that opened it', () => {
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open position' });
    opener.focus();
    fireEvent.click(opener);
    expect(document.activeElement).not.toBe(opener);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes from its Close button and returns the focus there too', () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open position' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });
});
