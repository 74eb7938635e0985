import { contributionBand, formatShare, genresNeedingContributions, SLICE_COLORS, tooltipText } from './dataset-logic';

const genre = (name: string, share: number) => ({ name, share, style: `${name} style`, artists: ['A', 'B', 'C'] });

describe('dataset logic', () => {
  it('shows percentages with two decimals and the tooltip as "name: value%"', () => {
    expect(formatShare(30)).toBe('30.00%');
    expect(formatShare(6.25)).toBe('6.25%');
    expect(formatShare(0)).toBe('0.00%');
    expect(tooltipText('Hip-Hop', 5)).toBe('Hip-Hop: 5%');
    expect(tooltipText('Trap', 12.34)).toBe('Trap: 12.34%');
  });

  it('lists genres under 7% as needing contributions, largest share first, ties in catalogue order', () => {
    const genres = [genre('Ambient Rap Beats', 30), genre('Hip-Hop', 5), genre('Drill', 0), genre('Soul', 6.99), genre('Phonk', 7), genre('Gospel', 1), genre('House', 1)];
    expect(genresNeedingContributions(genres, 7).map((g) => g.name)).toEqual(['Soul', 'Hip-Hop', 'Gospel', 'House', 'Drill']);
    expect(genresNeedingContributions([genre('Trap', 50), genre('Pop', 50)], 7)).toEqual([]);
  });

  it('colours a card by its share: dark red under 1, red shades under 2..6, yellow from 6', () => {
    expect(contributionBand(0).name).toBe('critical');
    expect(contributionBand(0.99).name).toBe('critical');
    expect(contributionBand(1).name).toBe('red-1');
    expect(contributionBand(2.5).name).toBe('red-2');
    expect(contributionBand(3).name).toBe('red-3');
    expect(contributionBand(4.99).name).toBe('red-4');
    expect(contributionBand(5).name).toBe('red-5');
    expect(contributionBand(6).name).toBe('yellow');
    expect(contributionBand(6.99).name).toBe('yellow');
    const reds = [0, 1, 2, 3, 4, 5].map((share) => contributionBand(share).color);
    expect(new Set(reds).size).toBe(6);
  });

  it('has a distinct colour for each of the 20 genres', () => {
    expect(new Set(SLICE_COLORS).size).toBe(20);
  });
});
