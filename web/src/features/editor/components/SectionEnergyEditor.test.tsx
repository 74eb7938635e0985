import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SectionEnergyEditor, type EnergySection } from './SectionEnergyEditor';

const SECTIONS: EnergySection[] = [
  { label: 'I', energy: 0 },
  { label: 'V', energy: -1 },
  { label: 'C', energy: 0 },
];

function renderEditor(loading = false) {
  const onApply = vi.fn();
  const onCancel = vi.fn();
  const user = userEvent.setup();
  render(<SectionEnergyEditor sections={SECTIONS} loading={loading} onApply={onApply} onCancel={onCancel} />);
  const level = (section: string, index: number, label: string) =>
    within(screen.getByRole('radiogroup', { name: `Energy of ${section} (section ${index})` })).getByRole('radio', { name: label });
  return { user, onApply, onCancel, level };
}

describe('SectionEnergyEditor', () => {
  it('shows each section with its current energy chosen', () => {
    const { level } = renderEditor();
    expect(screen.getByRole('region', { name: 'Set Section Energy' })).toBeInTheDocument();
    expect(screen.getAllByRole('radiogroup')).toHaveLength(3);
    expect(level('Intro', 1, 'As generated')).toHaveAttribute('aria-checked', 'true');
    expect(level('Verse', 2, 'Calmer')).toHaveAttribute('aria-checked', 'true');
    expect(level('Verse', 2, 'As generated')).toHaveAttribute('aria-checked', 'false');
  });

  it('sends only the sections whose energy changed, in song order', async () => {
    const { user, onApply, level } = renderEditor();
    const apply = screen.getByRole('button', { name: 'Apply Changes' });
    expect(apply).toBeDisabled();
    await user.click(level('Chorus', 3, 'Much fuller'));
    await user.click(level('Intro', 1, 'Calmer'));
    // Choosing a section's current energy again is no change.
    await user.click(level('Verse', 2, 'As generated'));
    await user.click(level('Verse', 2, 'Calmer'));
    expect(screen.getByText('2 sections changed.')).toBeInTheDocument();
    await user.click(apply);
    expect(onApply).toHaveBeenCalledWith([
      { section: 0, energy: -1 },
      { section: 2, energy: 2 },
    ]);
  });

  it('waits while a generation runs; Cancel cancels', async () => {
    const { user, onApply, onCancel, level } = renderEditor(true);
    await user.click(level('Chorus', 3, 'Fuller'));
    expect(screen.getByRole('button', { name: 'Apply Changes' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onApply).not.toHaveBeenCalled();
  });
});
