import { DEFAULT_ADVANCED_LEASE, DEFAULT_STANDARD_LEASE } from '../producers';
import { mostRestrictiveLease, platformProducer, termsInForce, tierPriceCents } from './licence-terms';

describe('tierPriceCents', () => {
  const producer = (userId: string, standard: number) => ({ ...platformProducer(userId, userId), prices: { standard, advanced: 1, excindie: 1, exclabel: 1 } });

  it('is the share-weighted sum of the producers\' prices, rounded half up to the cent', () => {
    const producers = new Map([['a', producer('a', 1000)], ['b', producer('b', 3001)]]);
    // 0.5 x 1000 + 0.5 x 3001 = 2000.5 -> 2001
    expect(tierPriceCents('standard', [{ userId: 'a', name: 'A', basisPoints: 5000 }, { userId: 'b', name: 'B', basisPoints: 5000 }], producers)).toBe(2001);
    // 0.3333 x 1000 + 0.6667 x 3001 = 2334.07 -> 2334
    expect(tierPriceCents('standard', [{ userId: 'a', name: 'A', basisPoints: 3333 }, { userId: 'b', name: 'B', basisPoints: 6667 }], producers)).toBe(2334);
  });

  it('uses the platform default price for a contributor without a record, and for a beat crediting nobody', () => {
    expect(tierPriceCents('advanced', [{ userId: 'x', name: 'X', basisPoints: 10000 }], new Map())).toBe(7999);
    expect(tierPriceCents('exclabel', [], new Map())).toBe(99999);
  });
});

describe('the terms in force', () => {
  it('take the most restrictive value of each term: fewest years, copies and streams, No over Yes', () => {
    const a = { ...DEFAULT_STANDARD_LEASE, term_years: '10', audio_streams: 'Unlimited', Broadcast_rights: 'Yes' as const, Nonprofit_performances: 'Yes' as const };
    const b = { ...DEFAULT_STANDARD_LEASE, term_years: 'Unlimited', audio_streams: '50000', Broadcast_rights: 'Yes' as const, Nonprofit_performances: 'No' as const };
    const c = { ...DEFAULT_STANDARD_LEASE, term_years: '3', audio_streams: 'Unlimited', Broadcast_rights: 'Yes' as const, Nonprofit_performances: 'Yes' as const };
    expect(mostRestrictiveLease([a, b, c])).toMatchObject({ term_years: '3', audio_streams: '50000', Broadcast_rights: 'Yes', Nonprofit_performances: 'No' });
    expect(mostRestrictiveLease([{ ...DEFAULT_ADVANCED_LEASE }])).not.toHaveProperty('additional_comments');
  });

  it('an exclusive is granted only when every producer sells exclusives', () => {
    const yes = platformProducer('y', 'Y');
    const no = { ...platformProducer('n', 'N'), exclabel: { sell_exclusives: 'No' as const, additional_comments: '' } };
    expect(termsInForce('exclabel', [yes, no])).toEqual({ kind: 'exclusive', exclusive: { sell_exclusives: 'No' } });
    expect(termsInForce('exclabel', [yes])).toEqual({ kind: 'exclusive', exclusive: { sell_exclusives: 'Yes' } });
  });
});
