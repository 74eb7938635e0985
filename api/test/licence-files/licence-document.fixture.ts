import { randomUUID } from 'node:crypto';
import { DEFAULT_ADVANCED_LEASE } from '../../src/modules/producers/contract-terms';
import type { LicenceDocument } from '../../src/modules/licence-files/licence-files.types';

/** A valid licence document with overrides: two producers, advanced lease, HTML in a comment. */
export function licenceDocument(over: Partial<LicenceDocument> = {}): LicenceDocument {
  const licenceId = over.licenceId ?? randomUUID();
  const { additional_comments: _comments, ...lease } = DEFAULT_ADVANCED_LEASE;
  return {
    licenceId,
    issuedAt: new Date('2026-11-25T12:00:00Z'),
    buyer: { firstName: 'Ada', lastName: 'Lovelace', country: 'United Kingdom' },
    beat: { id: randomUUID(), title: 'Dark Trap Type Beat', key: 'F#', mode: 'Minor', bpm: 140, structure: 'IVCVCBCO' },
    tier: 'advanced',
    tierTitle: 'Advanced Lease',
    priceCents: 7999,
    currency: 'usd',
    producers: [
      { producerId: randomUUID(), producerName: 'Trapper', legalName: 'Tom Trapp', shareBasisPoints: 6667, pro: 'ASCAP', proId: '123456789', comments: 'Credit me as <b>Trapper</b> & friends.' },
      { producerId: randomUUID(), producerName: 'Cowboy', legalName: 'Cal Boyd', shareBasisPoints: 3333, pro: '', proId: '', comments: '' },
    ],
    terms: { kind: 'lease', lease: { ...lease, distribution_copies: '1000', Broadcast_rights: 'No' } },
    verifyUrl: `http://localhost:5173/licenses/verify/${licenceId}`,
    ...over,
  };
}
