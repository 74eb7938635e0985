import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Accordion } from './Accordion';

const ITEMS = [
  { id: 'tokens', title: 'What is a token?', content: <p>One token makes one beat.</p> },
  { id: 'refresh', title: 'When do tokens refresh?', content: <p>Every billing cycle. <a href="#plans">Plans</a></p> },
  { id: 'cancel', title: 'Can I cancel?', content: <p>Anytime.</p> },
];

function setup(multiple = false) {
  const user = userEvent.setup();
  render(<Accordion items={ITEMS} multiple={multiple} />);
  const header = (name: string) => screen.getByRole('button', { name });
  return { user, header };
}

describe('Accordion', () => {
  it('starts collapsed, with headers in headings that control their panels', () => {
    const { header } = setup();
    for (const item of ITEMS) {
      const button = header(item.title);
      expect(button).toHaveAttribute('aria-expanded', 'false');
      expect(button.closest('h3')).not.toBeNull();
      expect(document.getElementById(button.getAttribute('aria-controls')!)).not.toBeVisible();
    }
  });

  it('opens a panel on click, and one at a time by default', async () => {
    const { user, header } = setup();
    await user.click(header('What is a token?'));
    expect(header('What is a token?')).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'What is a token?' })).toHaveTextContent('One token makes one beat.');
    await user.click(header('Can I cancel?'));
    expect(header('What is a token?')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Anytime.')).toBeVisible();
    expect(screen.queryByText('One token makes one beat.')).not.toBeVisible();
    await user.click(header('Can I cancel?'));
    expect(screen.queryByText('Anytime.')).not.toBeVisible();
  });

  it('keeps several open when asked to', async () => {
    const { user, header } = setup(true);
    await user.click(header('What is a token?'));
    await user.click(header('Can I cancel?'));
    expect(screen.getByText('One token makes one beat.')).toBeVisible();
    expect(screen.getByText('Anytime.')).toBeVisible();
  });

  it('works from the keyboard: Enter and Space toggle, arrows, Home and End move between headers', async () => {
    const { user, header } = setup();
    await user.tab();
    expect(header('What is a token?')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(header('What is a token?')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}');
    expect(header('When do tokens refresh?')).toHaveFocus();
    await user.keyboard(' ');
    expect(header('When do tokens refresh?')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{End}');
    expect(header('Can I cancel?')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(header('What is a token?')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(header('Can I cancel?')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(header('What is a token?')).toHaveFocus();
  });

  it('closes with Escape from inside the panel and puts focus back on its header', async () => {
    const { user, header } = setup();
    await user.click(header('When do tokens refresh?'));
    await user.tab();
    expect(screen.getByRole('link', { name: 'Plans' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(header('When do tokens refresh?')).toHaveAttribute('aria-expanded', 'false');
    expect(header('When do tokens refresh?')).toHaveFocus();
  });
});
