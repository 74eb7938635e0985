import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EditMode } from '../section-selection';
import { SectionEditor, type EditorSection } from './SectionEditor';

const SECTIONS: EditorSection[] = [
  { label: 'I', drums: ['Hihats'], removedDrums: [] },
  { label: 'V', drums: ['808s', 'Kicks', 'Hihats'], removedDrums: ['Snares'] },
  { label: 'C', drums: ['808s', 'Kicks', 'Snares', 'Hihats'], removedDrums: [] },
];

function renderEditor(mode: EditMode, loading = false) {
  const onApply = vi.fn();
  const onCancel = vi.fn();
  const user = userEvent.setup();
  render(<SectionEditor mode={mode} sections={SECTIONS} loading={loading} onApply={onApply} onCancel={onCancel} />);
  const drum = (drum: string, section: string, index: number) => screen.getByRole('button', { name: `${drum} in ${section} (section ${index})` });
  return { user, onApply, onCancel, drum };
}

describe('SectionEditor', () => {
  it('shows one card per section with the eight drum categories, offering only the drums a section has', () => {
    const { drum } = renderEditor('swap');
    const cards = screen.getAllByRole('group');
    expect(cards).toHaveLength(3);
    expect(within(cards[0]).getAllByRole('button').map((b) => b.textContent)).toEqual(['808s', 'Kicks', 'Claps', 'Snares', 'Hihats', 'Open Hats', 'Percs', 'Cymbals']);
    expect(drum('Hihats', 'Intro', 1)).toBeEnabled();
    expect(drum('Kicks', 'Intro', 1)).toBeDisabled();
    // A removed drum can be swapped back in, but not removed again.
    expect(drum('Snares', 'Verse', 2)).toBeEnabled();
  });

  it('in remove mode toggles drums per section and sends section to list of drums', async () => {
    const { user, onApply, drum } = renderEditor('remove');
    expect(drum('Snares', 'Verse', 2)).toBeDisabled();
    await user.click(drum('Kicks', 'Verse', 2));
    await user.click(drum('Kicks', 'Chorus', 3));
    await user.click(drum('808s', 'Verse', 2));
    await user.click(drum('808s', 'Verse', 2));
    expect(drum('Kicks', 'Verse', 2)).toHaveAttribute('aria-pressed', 'true');
    expect(drum('Kicks', 'Chorus', 3)).toHaveAttribute('aria-pressed', 'true');
    expect(drum('808s', 'Verse', 2)).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Apply Changes' }));
    expect(onApply).toHaveBeenCalledWith([
      { section: 1, drums: ['Kicks'] },
      { section: 2, drums: ['Kicks'] },
    ]);
  });

  it('in global mode choosing a drum in one section clears it in the others', async () => {
    const { user, onApply, drum } = renderEditor('global');
    await user.click(drum('Hihats', 'Intro', 1));
    await user.click(drum('Kicks', 'Verse', 2));
    await user.click(drum('Hihats', 'Chorus', 3));
    expect(drum('Hihats', 'Intro', 1)).toHaveAttribute('aria-pressed', 'false');
    expect(drum('Hihats', 'Chorus', 3)).toHaveAttribute('aria-pressed', 'true');
    expect(drum('Kicks', 'Verse', 2)).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Apply Changes' }));
    expect(onApply).toHaveBeenCalledWith([
      { section: 1, drums: ['Kicks'] },
      { section: 2, drums: ['Hihats'] },
    ]);
  });

  it('disables Apply Changes while loading, and until something is chosen; Cancel cancels', async () => {
    const { user, onCancel, onApply, drum } = renderEditor('swap', true);
    await user.click(drum('Kicks', 'Verse', 2));
    expect(screen.getByRole('button', { name: 'Apply Changes' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onApply).not.toHaveBeenCalled();
  });

  it('keeps Apply Changes disabled while nothing is chosen', async () => {
    const { user, drum } = renderEditor('remove');
    const apply = screen.getByRole('button', { name: 'Apply Changes' });
    expect(apply).toBeDisabled();
    await user.click(drum('Kicks', 'Verse', 2));
    expect(apply).toBeEnabled();
    await user.click(drum('Kicks', 'Verse', 2));
    expect(apply).toBeDisabled();
  });

  it('titles itself by mode', () => {
    renderEditor('global');
    expect(screen.getByRole('region', { name: 'Set Global Drums' })).toBeInTheDocument();
  });
});
