import { statusExplanation, statusLabel } from './licence-status';

describe('licence status', () => {
  it('names the three statuses and explains them', () => {
    expect(['VALID', 'REFUNDED', 'SUPERSEDED'].map(statusLabel)).toEqual(['Valid', 'Refunded', 'Superseded']);
    expect(statusExplanation('SUPERSEDED')).toMatch(/sold exclusively/);
    expect(statusLabel('PENDING')).toBe('PENDING');
    expect(statusExplanation('PENDING')).toBe('');
  });
});
