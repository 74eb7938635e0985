import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { ProducersBackend } from '../test/producers-backend';

const month = (m: string, over: Record<string, number> = {}) => ({ month: m, earnedCents: 0, paidCents: 0, pendingCents: 0, heldCents: 0, failedCents: 0, reversedCents: 0, ...over });

async function openCharts(backend: ProducersBackend) {
  const app = renderApp({ path: '/contributor-setup', signedIn: true, backend });
  const section = await screen.findByRole('region', { name: 'Earnings Over Time' }, { timeout: 10_000 });
  return { ...app, section };
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('Earnings Over Time on /contributor-setup', () => {
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:statement'), revokeObjectURL: vi.fn() });
  });

  it('draws each chart with a table of the same figures, and each loop\'s record', async () => {
    const backend = new ProducersBackend();
    backend.charts = {
      months: [month('2026-10', { earnedCents: 4150, paidCents: 3632 }), month('2026-11', { earnedCents: 1556, paidCents: 1038, heldCents: 2594, reversedCents: 518 })],
      tiers: [{ tier: 'standard', licences: 2, earnedCents: 2594 }, { tier: 'exclabel', licences: 1, earnedCents: 44910 }],
      weeks: [{ week: '2026-11-16', beats: 3 }, { week: '2026-11-23', beats: 5 }],
      loops: [
        { id: 'comp-1', kind: 'composition', name: 'keys.wav + 1 more', type: 'Melody', withdrawn: false, beats: 8, licences: 3, earnedCents: 47504, topGenres: ['trap', 'drill'], topWords: ['dark', '808s'] },
        { id: 'drum-1', kind: 'drum', name: 'Kick_140.wav', type: 'Kicks', withdrawn: true, beats: 0, licences: 0, earnedCents: 0, topGenres: [], topWords: [] },
      ],
    };
    const { section } = await openCharts(backend);
    const byMonth = await within(section).findByRole('table', { name: 'Earnings by Month' });
    expect(rowsOf(byMonth).slice(-2)).toEqual([
      ['Oct 2026', '$36.32', '$0.00', '$0.00', '$0.00'],
      ['Nov 2026', '$10.38', '$0.00', '$25.94', '$5.18'],
    ]);
    expect(within(section).getByRole('img', { name: /Bar chart of your earnings by month/ })).toBeInTheDocument();
    expect(rowsOf(within(section).getByRole('table', { name: 'Licences by Tier' }))).toEqual([
      ['Standard Lease', '2', '$25.94'],
      ['Exclusive Rights (Label)', '1', '$449.10'],
    ]);
    expect(rowsOf(within(section).getByRole('table', { name: 'Beats Made With Your Loops, by Week' }))).toEqual([
      ['Nov 16, 2026', '3'],
      ['Nov 23, 2026', '5'],
    ]);
    expect(rowsOf(within(section).getByRole('table', { name: "Your Loops' Records" }))).toEqual([
      ['keys.wav + 1 moreMelody', '8', '3', '$475.04', 'trap, drill', 'dark, 808s'],
      ['Kick_140.wavKicks · withdrawn', '0', '0', '$0.00', '—', '—'],
    ]);
    expect(backend.operations('MyEarningsCharts')[0].headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('says when nothing was sold or made in the period, and asks again for another period', async () => {
    const backend = new ProducersBackend();
    const { section, user } = await openCharts(backend);
    expect(await within(section).findByText('No licence of a beat with your loops was sold in this period.')).toBeInTheDocument();
    expect(within(section).getByText('No beat was made with your loops in this period.')).toBeInTheDocument();
    expect(rowsOf(within(section).getByRole('table', { name: 'Earnings by Month' }))).toHaveLength(12);
    await user.click(within(section).getByRole('radio', { name: '3 months' }));
    await vi.waitFor(() => expect(rowsOf(within(section).getByRole('table', { name: 'Earnings by Month' }))).toHaveLength(3));
    expect(backend.operations('MyEarningsCharts').map((o) => (o.body as { variables: { months: number } }).variables.months)).toEqual(expect.arrayContaining([12, 3]));
  });

  it('downloads a month\'s statement as CSV and a year\'s as PDF', async () => {
    const backend = new ProducersBackend();
    const { section, user } = await openCharts(backend);
    const statement = within(section).getByRole('region', { name: 'Statement' });
    const monthInput = within(statement).getByLabelText('Month');
    await user.clear(monthInput);
    await user.type(monthInput, '2026-10');
    await user.click(within(statement).getByRole('button', { name: 'Download CSV' }));
    await vi.waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
    await user.selectOptions(within(statement).getByLabelText('Statement for'), 'a year');
    const yearInput = within(statement).getByLabelText('Year');
    await user.clear(yearInput);
    await user.type(yearInput, '2025');
    await user.click(within(statement).getByRole('button', { name: 'Download PDF' }));
    await vi.waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(2));
    const calls = backend.requests.filter((r) => r.path === '/producer-earnings/statement');
    expect(calls.map((r) => new URL(r.url, 'http://api.test').search)).toEqual(['?period=2026-10&format=csv', '?period=2025&format=pdf']);
    expect(calls.every((r) => r.headers.get('authorization')?.startsWith('Bearer '))).toBe(true);
    expect(within(statement).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the api\'s refusal of a statement and keeps a half-typed year from being asked for', async () => {
    const backend = new ProducersBackend();
    backend.statement = { status: 400, body: '', error: 'The period must be a month (2026-11) or a year (2026).' };
    const { section, user } = await openCharts(backend);
    const statement = within(section).getByRole('region', { name: 'Statement' });
    await user.click(within(statement).getByRole('button', { name: 'Download PDF' }));
    expect(await within(statement).findByRole('alert')).toHaveTextContent('The period must be a month (2026-11) or a year (2026).');
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    await user.selectOptions(within(statement).getByLabelText('Statement for'), 'a year');
    await user.clear(within(statement).getByLabelText('Year'));
    await user.type(within(statement).getByLabelText('Year'), '20');
    expect(within(statement).getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });
});
