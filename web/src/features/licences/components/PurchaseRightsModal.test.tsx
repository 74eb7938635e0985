import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { BANNER_FADE_MS, BANNER_VISIBLE_MS } from '../../../ui/banner/Banner';
import { PurchaseRightsModal, type LicenceOfferView, type ModalMessage } from './PurchaseRightsModal';

const open = { available: true, unavailableReason: null, unavailableMessage: null };
const OFFER: LicenceOfferView = {
  soldExclusively: false,
  tiers: [
    { priceId: 'standard', title: 'Standard Lease', details: ['MP3 and WAV', '10,000 audio streams', '3 years'], priceCents: 2999, ...open },
    { priceId: 'advanced', title: 'Advanced Lease', details: ['MP3, WAV and stems', '50,000 audio streams'], priceCents: 7999, ...open },
    { priceId: 'excindie', title: 'Exclusive Rights (Indie)', details: ['MP3, WAV and stems', 'Unlimited streams'], priceCents: 49999, ...open },
    { priceId: 'exclabel', title: 'Exclusive Rights (Label)', details: ['MP3, WAV and stems', 'Unlimited streams'], priceCents: 149999, ...open },
  ],
};

interface HarnessProps {
  readonly offer?: LicenceOfferView | null;
  readonly loadFailed?: boolean;
  readonly purchasing?: string | null;
  readonly initialMessage?: ModalMessage | null;
}

/** The modal with its open and message state held as the player holds them. */
function renderModal({ offer = OFFER, loadFailed = false, purchasing = null, initialMessage = null }: HarnessProps = {}) {
  const onPurchase = vi.fn();
  const onRetry = vi.fn();
  function Harness() {
    const [open, setOpen] = useState(true);
    const [message, setMessage] = useState<ModalMessage | null>(initialMessage);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Reopen
        </button>
        <PurchaseRightsModal
          open={open}
          onClose={() => setOpen(false)}
          offer={offer}
          loadFailed={loadFailed}
          onRetry={onRetry}
          purchasing={purchasing}
          onPurchase={onPurchase}
          message={message}
          onMessageCleared={() => setMessage(null)}
          checkoutNote="Prices in US dollars. Checkout note of this instance."
        />
      </>
    );
  }
  const user = userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });
  render(
    <MemoryRouter>
      <Routes>
        <Route path="/" element={<Harness />} />
        <Route path="/subscriptions" element={<h1>Plans page</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return { user, onPurchase, onRetry };
}

const dialog = () => screen.getByRole('dialog', { name: 'Purchase Rights' });

afterEach(() => {
  vi.useRealTimers();
});

describe('Purchase Rights', () => {
  it('lists the four options with title, details, the price in US dollars and Purchase Now', async () => {
    const { user, onPurchase } = renderModal();
    const options = within(dialog()).getAllByRole('listitem').filter((item) => item.classList.contains('lease-option'));
    expect(options.map((option) => within(option).getByRole('heading').textContent)).toEqual([
      'Standard Lease', 'Advanced Lease', 'Exclusive Rights (Indie)', 'Exclusive Rights (Label)',
    ]);
    expect(options.map((option) => option.querySelector('.lease-option__price')?.textContent)).toEqual(['$29.99', '$79.99', '$499.99', '$1,499.99']);
    expect(within(options[0]).getByText('10,000 audio streams')).toBeInTheDocument();
    expect(within(options[1]).getByText('MP3, WAV and stems')).toBeInTheDocument();
    expect(within(options[0]).getByRole('button', { name: 'Purchase Now: Standard Lease' })).toHaveTextContent('Purchase Now');

    await user.click(within(options[1]).getByRole('button', { name: /Purchase Now/ }));
    expect(onPurchase).toHaveBeenCalledWith('advanced');
  });

  it('says the loops stay in the catalogue while this arrangement is the buyer\u2019s alone', () => {
    renderModal();
    expect(dialog()).toHaveTextContent('This arrangement was made for you and is never given to anyone else.');
    expect(dialog()).toHaveTextContent('The producers\u2019 loops stay in the catalogue for other beats.');
  });

  it('closes on the close button and on the backdrop, not on a click inside', async () => {
    const { user } = renderModal();
    await user.click(within(dialog()).getByText('Standard Lease'));
    expect(dialog()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    fireEvent.mouseDown(document.querySelector('.modal-backdrop')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows its message about 2 s, fades it for 1.5 s, then clears it', () => {
    vi.useFakeTimers();
    renderModal({ initialMessage: { tone: 'error', text: 'This beat was just sold exclusively.', serial: 1 } });
    const banner = within(dialog()).getByRole('alert');
    expect(banner).toHaveTextContent('This beat was just sold exclusively.');
    act(() => {
      vi.advanceTimersByTime(BANNER_VISIBLE_MS - 1);
    });
    expect(banner).not.toHaveClass('banner--fading');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(banner).toHaveClass('banner--fading');
    act(() => {
      vi.advanceTimersByTime(BANNER_FADE_MS - 1);
    });
    expect(within(dialog()).getByRole('alert')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows Processing... on the option being bought and disables every Purchase Now meanwhile', () => {
    renderModal({ purchasing: 'advanced' });
    const buttons = within(dialog()).getAllByRole('button', { name: /^Purchase Now: / });
    expect(buttons.map((button) => button.textContent)).toEqual(['Purchase Now', 'Processing...', 'Purchase Now', 'Purchase Now']);
    for (const button of buttons) expect(button).toBeDisabled();
  });

  it('says once that a beat sold exclusively is no longer for sale, and lists its tiers disabled, described by it', () => {
    const sold = 'This beat has been sold exclusively and is no longer for sale.';
    renderModal({
      offer: { soldExclusively: true, tiers: OFFER.tiers.map((t) => ({ ...t, available: false, unavailableReason: 'SOLD_EXCLUSIVELY', unavailableMessage: sold })) },
    });
    expect(within(dialog()).getByRole('note')).toHaveTextContent(sold);
    expect(within(dialog()).getAllByText(sold)).toHaveLength(1);
    const buttons = within(dialog()).getAllByRole('button', { name: /^Purchase Now: / });
    expect(buttons).toHaveLength(4);
    for (const button of buttons) {
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(sold);
    }
    expect(dialog()).not.toHaveTextContent('Checkout note of this instance.');
  });

  it('lists tiers not on offer disabled, each with its reason; the plan reason links to the plans', async () => {
    const plan = 'Buying exclusive rights (full rights) needs Premium or a higher plan.';
    const producers = 'A producer of this beat does not sell exclusive rights.';
    const { user, onPurchase } = renderModal({
      offer: {
        soldExclusively: false,
        tiers: OFFER.tiers.map((t) =>
          t.priceId === 'excindie'
            ? { ...t, available: false, unavailableReason: 'PLAN', unavailableMessage: plan }
            : t.priceId === 'exclabel'
              ? { ...t, available: false, unavailableReason: 'PRODUCERS_DO_NOT_SELL', unavailableMessage: producers }
              : t,
        ),
      },
    });
    const indie = within(dialog()).getByRole('button', { name: 'Purchase Now: Exclusive Rights (Indie)' });
    const label = within(dialog()).getByRole('button', { name: 'Purchase Now: Exclusive Rights (Label)' });
    expect(indie).toBeDisabled();
    expect(label).toBeDisabled();
    expect(indie).toHaveAccessibleDescription(`${plan} See the plans`);
    expect(label).toHaveAccessibleDescription(producers);
    expect(within(dialog()).getByRole('button', { name: 'Purchase Now: Standard Lease' })).toBeEnabled();
    // The price of what the buyer cannot buy yet still shows.
    expect(dialog()).toHaveTextContent('$499.99');
    await user.click(indie);
    expect(onPurchase).not.toHaveBeenCalled();

    expect(within(dialog()).getAllByRole('link', { name: 'See the plans' })).toHaveLength(1);
    await user.click(within(dialog()).getByRole('link', { name: 'See the plans' }));
    expect(await screen.findByRole('heading', { name: 'Plans page' })).toBeInTheDocument();
  });

  it('says it is loading while the options load', async () => {
    renderModal({ offer: null });
    expect(within(dialog()).getByRole('status')).toHaveTextContent('Loading the licence options...');
  });

  it('offers Try again when the options could not be loaded', async () => {
    const { user, onRetry } = renderModal({ offer: null, loadFailed: true });
    expect(dialog()).toHaveTextContent('The licence options could not be loaded. Please try again.');
    await user.click(within(dialog()).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe('Purchase Rights details', () => {
  it('says once, not in every option, that the loops stay in the catalogue', () => {
    const loops = "The producers' loops stay in the catalogue for other beats; this arrangement is never given to anyone else.";
    renderModal({ offer: { soldExclusively: false, tiers: OFFER.tiers.map((o) => ({ ...o, details: [...o.details, loops] })) } });
    expect(within(dialog()).queryByText(loops)).not.toBeInTheDocument();
    expect(within(dialog()).getAllByText(/loops stay in the catalogue/)).toHaveLength(1);
    expect(within(dialog()).getByText('10,000 audio streams')).toBeInTheDocument();
  });
});
