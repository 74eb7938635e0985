import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../src/modules/accounts/user.entity';
import { AudioFacts } from '../../src/modules/catalog/audio-facts.embeddable';
import { DrumLoop } from '../../src/modules/catalog/drum-loop.entity';
import { MelodyComposition } from '../../src/modules/catalog/melody-composition.entity';
import { MelodyStem } from '../../src/modules/catalog/melody-stem.entity';
import { SampleTagLists } from '../../src/modules/catalog/sample-tags.embeddable';
import { tagKeysOf, type SampleTags } from '../../src/modules/catalog/tags';

/** Factories with overrides for catalogue rows (no audio behind them: for query tests). */
export function userRow(em: EntityManager, over: Partial<User> = {}): User {
  const name = `u${randomUUID().slice(0, 8)}`;
  const user = em.create(User, { subject: '', email: `${name}@example.com`, username: name, usernameKey: name, ...over });
  user.subject = user.id;
  return user;
}

const facts = (name: string) =>
  Object.assign(new AudioFacts(), {
    blobKey: `samples/${randomUUID()}.wav`, fileName: name, byteSize: 1, durationSeconds: 13.7, sourceSampleRate: 44100,
    sourceChannels: 2, sourceBitDepth: 16, loudnessLufs: -14, truePeakDbtp: -1, peaks: [0.5],
  });

const tagsOf = (tags: Partial<SampleTags>) =>
  Object.assign(new SampleTagLists(), { artists: [], instruments: [], genres: [], moods: [], tempoStyles: [], ...tags });

export function compositionRow(
  em: EntityManager,
  contributor: User,
  over: { tags?: Partial<SampleTags>; bpm?: number; key?: string; mode?: string; stems?: number } = {},
): MelodyComposition {
  const tags = tagsOf(over.tags ?? {});
  const composition = em.create(MelodyComposition, {
    contributor, tags, tagKeys: tagKeysOf(tags), bpm: over.bpm ?? 140, key: over.key ?? 'C', mode: over.mode ?? 'Minor',
  });
  for (let i = 0; i < (over.stems ?? 2); i++) {
    composition.stems.add(em.create(MelodyStem, { composition, position: i, instrument: `stem${i}`, audio: facts(`s${i}.wav`) }));
  }
  return composition;
}

export function drumRow(
  em: EntityManager,
  contributor: User,
  over: { drumType?: string; tags?: Partial<SampleTags>; bpm?: number; key?: string | null } = {},
): DrumLoop {
  const tags = tagsOf(over.tags ?? {});
  return em.create(DrumLoop, {
    contributor, drumType: over.drumType ?? 'Kicks', tags, tagKeys: tagKeysOf(tags), bpm: over.bpm ?? 140,
    key: over.key ?? null, mode: over.key ? 'Minor' : null, audio: facts('d.wav'),
  });
}
