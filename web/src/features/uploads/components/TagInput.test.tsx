import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TagInput } from './TagInput';

function Harness({ initial = [] as string[], onSubmit = () => undefined }) {
  const [tags, setTags] = useState<string[]>(initial);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <TagInput label="Genres" tags={tags} onChange={setTags} />
      <output data-testid="tags">{JSON.stringify(tags)}</output>
      <button type="button">elsewhere</button>
    </form>
  );
}

const tags = () => JSON.parse(screen.getByTestId('tags').textContent ?? '[]') as string[];
const box = () => screen.getByRole('textbox', { name: 'Genres' });

describe('TagInput', () => {
  it('Enter adds the trimmed tag and empties the box, without submitting the form', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSubmit={onSubmit} />);
    await user.type(box(), '  dark trap  {Enter}');
    expect(tags()).toEqual(['dark trap']);
    expect(box()).toHaveValue('');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a comma adds the tag and is not part of it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(box(), 'drill,lo-fi,');
    expect(tags()).toEqual(['drill', 'lo-fi']);
    expect(box()).toHaveValue('');
  });

  it('ignores empty and duplicate tags (duplicates without case)', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['Trap']} />);
    await user.type(box(), '   {Enter},trap{Enter} TRAP ,');
    expect(tags()).toEqual(['Trap']);
  });

  it('× removes its tag', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['trap', 'drill']} />);
    await user.click(screen.getByRole('button', { name: 'Remove trap' }));
    expect(tags()).toEqual(['drill']);
    expect(within(screen.getByRole('list', { name: 'Genres added' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('pasted comma-separated text adds each part and keeps the unfinished rest', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box());
    await user.paste('trap, drill , boom bap');
    expect(tags()).toEqual(['trap', 'drill']);
    expect(box()).toHaveValue('boom bap');
  });

  it('Backspace in the empty box removes the last tag', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['trap', 'drill']} />);
    await user.type(box(), '{Backspace}');
    expect(tags()).toEqual(['trap']);
  });

  it('text left in the box is added when it loses focus', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(box(), 'afrobeats');
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(tags()).toEqual(['afrobeats']);
  });
});
