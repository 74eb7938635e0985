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
  it('makes the page behind it inert while open, and only while open', async () => {
    const { user, opener, dialog } = await openModal();
    const page = opener.closest('body > *')!;
    expect(page).toHaveAttribute('inert');
    expect(dialog.closest('[inert]')).toBeNull();
    await user.keyboard('{Escape}');
    expect(page).not.toHaveAttribute('inert');
    expect(opener).toHaveFocus();
  });

  it('a modal over a modal makes the first inert, and closing it gives the first back', async () => {
    const user = userEvent.setup();
    function Stacked() {
      const [second, setSecond] = useState(false);
      return (
        <>
          <p>Page</p>
          <Modal open title="First" onClose={() => undefined}>
            <button type="button" onClick={() => setSecond(true)}>
              Open second
            </button>
          </Modal>
          <Modal open={second} title="Second" onClose={() => setSecond(false)}>
            <button type="button">Inside second</button>
          </Modal>
        </>
      );
    }
    render(<Stacked />);
    const first = screen.getByRole('dialog', { name: 'First' });
    const page = screen.getByText('Page').closest('body > *')!;
    await user.click(screen.getByRole('button', { name: 'Open second' }));
    expect(first.closest('[inert]')).not.toBeNull();
    expect(page).toHaveAttribute('inert');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Second' })).not.toBeInTheDocument();
    expect(first.closest('[inert]')).toBeNull();
    expect(page).toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Open second' })).toHaveFocus();
  });

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
