import { formatBytes, formatShare, formatUsd, isExclusiveTier, tierFiles, tierTitle } from './lease-tiers';

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

  it('lists the files each tier delivers', () => {
    expect(tierFiles('standard')).toEqual(['MP3', 'WAV', 'DOCUMENT']);
    for (const tier of ['advanced', 'excindie', 'exclabel']) expect(tierFiles(tier)).toEqual(['MP3', 'WAV', 'STEMS', 'DOCUMENT']);
  });

  it('shows file sizes for people', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(812 * 1024)).toBe('812 KB');
    expect(formatBytes(7.42 * 1024 * 1024)).toBe('7.4 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.00 GB');
  });

  it('shows shares from basis points', () => {
    expect([10000, 6250, 3333, 5].map(formatShare)).toEqual(['100%', '62.5%', '33.33%', '0.05%']);
  });
});
