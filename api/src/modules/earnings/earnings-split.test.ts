import { producersPoolCents, reversedOfPart, splitByShares, splitSale, standInFeeCents } from './earnings-split';

describe('the sale split', () => {
  it('a $29.99 sale with the stand-in fee: 117 fee, 2882 net, 2594 pool, 288 platform', () => {
    const split = splitSale(2999, null, [
      { producerId: 'a', shareBasisPoints: 5000 },
      { producerId: 'b', shareBasisPoints: 3000 },
      { producerId: 'c', shareBasisPoints: 2000 },
    ]);
    expect(split).toMatchObject({ feeCents: 117, feeEstimated: true, netCents: 2882, poolCents: 2594, platformCents: 288 });
    expect(split.parts.map((p) => p.cents)).toEqual([1297, 778, 519]);
  });

  it('rounds the stand-in fee half up and never above the gross', () => {
    expect(standInFeeCents(1000)).toBe(59); // 29.0 + 30
    expect(standInFeeCents(50)).toBe(31); // 1.45 -> 1, + 30
    expect(standInFeeCents(2017)).toBe(88); // 58.493 -> 58, + 30
    expect(standInFeeCents(1724)).toBe(80); // 49.996 -> 50, + 30
    expect(standInFeeCents(10)).toBe(10);
  });

  it('rounds the pool half up', () => {
    expect(producersPoolCents(5)).toBe(5); // 4.5 -> 5
    expect(producersPoolCents(15)).toBe(14); // 13.5 -> 14
    expect(producersPoolCents(11)).toBe(10); // 9.9 -> 10
    expect(producersPoolCents(0)).toBe(0);
  });

  it('gives equal remainders to the larger share, then the smaller id, whatever the input order', () => {
    const shares = [
      { producerId: 'z', shareBasisPoints: 3333 },
      { producerId: 'y', shareBasisPoints: 3333 },
      { producerId: 'x', shareBasisPoints: 3334 },
    ];
    const forward = splitByShares(100, shares);
    const backward = splitByShares(100, [...shares].reverse());
    const byId = (parts: { producerId: string; cents: number }[]) => Object.fromEntries(parts.map((p) => [p.producerId, p.cents]));
    expect(byId(forward)).toEqual({ x: 34, y: 33, z: 33 });
    expect(byId(backward)).toEqual(byId(forward));
    expect(byId(splitByShares(2, [{ producerId: 'b', shareBasisPoints: 5000 }, { producerId: 'a', shareBasisPoints: 5000 }]))).toEqual({ a: 1, b: 1 });
    expect(byId(splitByShares(1, [{ producerId: 'b', shareBasisPoints: 5000 }, { producerId: 'a', shareBasisPoints: 5000 }]))).toEqual({ a: 1, b: 0 });
  });

  it('always sums to the pool (random shares and amounts)', () => {
    let seed = 7;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let i = 0; i < 2000; i++) {
      const n = 1 + Math.floor(next() * 8);
      const cuts = Array.from({ length: n - 1 }, () => 1 + Math.floor(next() * 9999)).sort((a, b) => a - b);
      const bounds = [0, ...cuts, 10_000];
      const shares = bounds.slice(1).map((b, k) => ({ producerId: `p${k}`, shareBasisPoints: b - bounds[k] })).filter((s) => s.shareBasisPoints > 0);
      const gross = 50 + Math.floor(next() * 1_000_000);
      const split = splitSale(gross, null, shares);
      expect(split.parts.reduce((a, p) => a + p.cents, 0)).toBe(split.poolCents);
      expect(split.feeCents + split.poolCents + split.platformCents).toBe(gross);
      for (const p of split.parts) expect(Math.abs(p.cents - (split.poolCents * p.shareBasisPoints) / 10_000)).toBeLessThan(1);
    }
  });

  it('reverses in proportion, rounded down, all of it on a full refund', () => {
    expect(reversedOfPart(1297, 1000, 2999)).toBe(432); // 432.47
    expect(reversedOfPart(1297, 2999, 2999)).toBe(1297);
    expect(reversedOfPart(1297, 5000, 2999)).toBe(1297);
    expect(reversedOfPart(0, 1000, 2999)).toBe(0);
  });
});
