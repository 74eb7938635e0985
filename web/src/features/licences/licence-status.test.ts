import { formatLicenceDate, statusExplanation, statusLabel } from './licence-status';

describe('licence status and date', () => {
  it('names the three statuses and explains them', () => {
    expect(['VALID', 'REFUNDED', 'SUPERSEDED'].map(statusLabel)).toEqual(['Valid', 'Refunded', 'Superseded']);
    expect(statusExplanation('SUPERSEDED')).toMatch(/sold exclusively/);
    expect(statusLabel('PENDING')).toBe('PENDING');
    expect(statusExplanation('PENDING')).toBe('');
  });

  it('shows the UTC day the licence was issued', () => {
    expect(formatLicenceDate('2026-11-25T23:30:00.000Z')).toBe('Nov 25, 2026');
  });
});
