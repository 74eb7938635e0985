import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../src/modules/accounts/user.entity';
import { Beat } from '../../src/modules/beats/beat.entity';
import type { Arrangement } from '../../src/audio';
import type { BeatSelection } from '../../src/modules/beats/beat-selection';

/**
 * A beat row with overrides, without audio behind it: for tests that list or count beats. Its
 * blob keys point nowhere, so nothing may play or re-render it.
 */
export function beatRow(em: EntityManager, ownerId: string, over: Partial<Beat> = {}): Beat {
  return em.create(Beat, {
    owner: em.getReference(User, ownerId),
    prompt: 'trap type beat',
    title: 'Trap Type Beat',
    bpm: 140,
    key: 'F#',
    mode: 'Minor',
    structure: 'IVCO',
    kind: 'first',
    arrangement: {} as Arrangement,
    selection: {} as BeatSelection,
    producerShares: [],
    mp3BlobKey: `beats/${randomUUID()}.mp3`,
    wavBlobKey: `beats/${randomUUID()}.wav`,
    durationSeconds: 27.4,
    loudnessLufs: -14,
    truePeakDbtp: -1,
    peaks: [0.5],
    ...over,
  });
}
