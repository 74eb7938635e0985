import { formatUsd, isExclusiveTier, tierTitle } from './lease-tiers';

describe('lease tiers', () => {
  it('names the four tiers as the spec does', () => {
    expect(['standard', 'advanced', 'excindie', 'exclabel'].map(tierTitle)).toEqual([
      'Standard Lease', 'Advanced Lease', 'Exclusive Rights (Indie)', 'Exclusive Rights (Label)',
    ]);
    expect(tierTitle('platinum')).toBe('platinum');
  });

  it('knows the exclusives', () => {
    expect(['standard', 'advanced', 'excindie', 'exclabel'].filter(isExclusiveTier)).toEqual(['excindie', 'exclabel']);
  });

  it('shows cents as US dollars', () => {
    expect(formatUsd(2999)).toBe('$29.99');
    expect(formatUsd(123450)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
  });
});
