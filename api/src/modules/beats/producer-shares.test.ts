import { producerShares } from './producer-shares';

const sumOf = (shares: { percent: number }[]) => Math.round(shares.reduce((a, s) => a + s.percent * 100, 0));

describe('producerShares', () => {
  it('splits by weight', () => {
    expect(producerShares([{ producerId: 'a', weight: 24 }, { producerId: 'b', weight: 8 }])).toEqual([
      { producerId: 'a', percent: 75 },
      { producerId: 'b', percent: 25 },
    ]);
  });

  it('adds up cells of the same producer', () => {
    expect(producerShares([{ producerId: 'a', weight: 8 }, { producerId: 'b', weight: 8 }, { producerId: 'a', weight: 8 }])).toEqual([
      { producerId: 'a', percent: 66.67 },
      { producerId: 'b', percent: 33.33 },
    ]);
  });

  it('three equal producers sum to exactly 100.00', () => {
    const shares = producerShares(['x', 'y', 'z'].map((producerId) => ({ producerId, weight: 1 })));
    expect(shares.map((s) => s.percent)).toEqual([33.34, 33.33, 33.33]);
    expect(sumOf(shares)).toBe(10_000);
  });

  it('always sums to exactly 100 with two decimals, on random splits', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    for (let round = 0; round < 500; round++) {
      const cells = Array.from({ length: 1 + Math.floor(random() * 12) }, () => ({
        producerId: `p${Math.floor(random() * 7)}`,
        weight: 1 + Math.floor(random() * 64),
      }));
      const shares = producerShares(cells);
      expect(sumOf(shares)).toBe(10_000);
      for (const s of shares) expect(Math.round(s.percent * 100)).toBeCloseTo(s.percent * 100, 6);
    }
  });

  it('ignores empty cells and gives nothing for no cells', () => {
    expect(producerShares([])).toEqual([]);
    expect(producerShares([{ producerId: 'a', weight: 0 }, { producerId: 'b', weight: 3 }])).toEqual([{ producerId: 'b', percent: 100 }]);
  });
});
