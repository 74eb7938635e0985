import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Modal } from './Modal';

function Harness({ dismissible = true }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Get License
      </button>
      <Modal open={open} title="Purchase Rights" onClose={() => setOpen(false)} dismissible={dismissible}>
        <button type="button">Purchase Now</button>
        <a href="#terms">Terms</a>
      </Modal>
    </>
  );
}

async function openModal(dismissible = true) {
  const user = userEvent.setup();
  render(<Harness dismissible={dismissible} />);
  const opener = screen.getByRole('button', { name: 'Get License' });
  await user.click(opener);
  return { user, opener, dialog: screen.getByRole('dialog', { name: 'Purchase Rights' }) };
}

describe('Modal', () => {
  it('opens as a labelled modal dialog with focus inside', async () => {
    const { dialog } = await openModal();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Purchase Now' })).toHaveFocus();
  });

  it('keeps Tab inside and returns focus to the opener on close', async () => {
    const { user, opener } = await openModal();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveFocus();
    // Past the last control, Tab wraps to the first one (the close button).
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on Escape and on a backdrop click, not on a click inside', async () => {
    const { user, dialog } = await openModal();
    await user.click(dialog);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Get License' }));
    await user.click(screen.getByRole('dialog').parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cannot be dismissed when blocking', async () => {
    const { user } = await openModal(false);
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('dialog').parentElement!);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
