import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Tabs } from './Tabs';

function Harness({ onSelect }: { onSelect?: (id: string) => void }) {
  const [selected, setSelected] = useState('terms');
  return (
    <Tabs
      label="Legal documents"
      selected={selected}
      onSelect={(id) => {
        onSelect?.(id);
        setSelected(id);
      }}
      tabs={[
        { id: 'terms', label: 'Terms & Conditions', content: <p>The terms.</p> },
        { id: 'privacy', label: 'Privacy Policy', content: <p>The privacy policy.</p> },
        { id: 'cookies', label: 'Cookies', content: <p>No tracking cookies.</p> },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('shows the selected tab with its panel only', () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Legal documents' })).toBeInTheDocument();
    const terms = screen.getByRole('tab', { name: 'Terms & Conditions' });
    expect(terms).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Privacy Policy' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tabpanel', { name: 'Terms & Conditions' })).toHaveTextContent('The terms.');
    expect(screen.queryByText('The privacy policy.')).not.toBeInTheDocument();
  });

  it('switches on click', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('tab', { name: 'Privacy Policy' }));
    expect(screen.getByRole('tab', { name: 'Privacy Policy' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Privacy Policy' })).toHaveTextContent('The privacy policy.');
  });

  it('keeps only the selected tab in the Tab order; arrows, Home and End select and focus', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Harness onSelect={onSelect} />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Terms & Conditions' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Privacy Policy' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Privacy Policy' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Cookies' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Terms & Conditions' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Cookies' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Terms & Conditions' })).toHaveFocus();
    expect(onSelect.mock.calls.map(([id]) => id)).toEqual(['privacy', 'cookies', 'terms', 'cookies', 'terms']);
    // Tab leaves the tab list for the panel.
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Terms & Conditions' })).toHaveFocus();
  });
});
