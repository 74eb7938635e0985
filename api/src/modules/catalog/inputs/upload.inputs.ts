import { Field, Float, InputType, Int } from 'type-graphql';

/** Metadata of a melody upload (requirements §P2): every tag list needs an entry; BPM 40 to 250. */
@InputType('MelodyUploadInput', { description: 'Metadata of a melody upload: every tag list needs at least one entry (at most 50, each at most 200 characters).' })
export class MelodyUploadInput {
  @Field(() => [String], { description: 'Artists it sounds like.' }) artists!: string[];
  @Field(() => [String], { description: 'Instruments heard in it.' }) instruments!: string[];
  @Field(() => [String], { description: 'Genres it suits.' }) genres!: string[];
  @Field(() => [String], { description: 'Moods (Dark, Happy, ...).' }) moods!: string[];
  @Field(() => [String], { description: 'Tempo styles (half-time, bouncy, steady, ...).' }) tempoStyles!: string[];
  @Field(() => Float, { description: 'Tempo, 40 to 250 BPM; every stem must be the same number of bars long at it.' }) bpm!: number;
  @Field(() => String, { description: 'C, C#, D, ... B' }) key!: string;
  @Field(() => String, { description: 'Major or Minor' }) mode!: string;
}

/** One drum row; `fileIndex` points into the mutation's `files`. Key and mode only for 808s. */
@InputType('DrumUploadEntryInput', { description: 'One drum loop of uploadDrumSamples: which file it is and its metadata. Key and mode only for 808s.' })
export class DrumUploadEntryInput {
  @Field(() => Int, { description: "0-based index into the mutation's files; each file needs exactly one entry." }) fileIndex!: number;
  @Field(() => String, { description: '808s, Kicks, Snares, Claps, Hihats, Open Hats, Percs, Cymbals or FX.' }) drumType!: string;
  @Field(() => [String], { description: 'Genres it suits (at least one).' }) genres!: string[];
  @Field(() => [String], { description: 'Artists it sounds like (at least one).' }) artists!: string[];
  @Field(() => [String], { nullable: true, description: 'Instruments, optional for drums.' }) instruments?: string[] | null;
  @Field(() => [String], { description: 'Moods (at least one).' }) moods!: string[];
  @Field(() => [String], { description: 'Tempo styles (at least one).' }) tempoStyles!: string[];
  @Field(() => Float, { description: 'Tempo, 40 to 250 BPM.' }) bpm!: number;
  @Field(() => String, { nullable: true, description: 'Key of an 808 loop (C ... B); required for 808s, ignored otherwise.' }) key?: string | null;
  @Field(() => String, { nullable: true, description: 'Major or Minor; required for 808s, ignored otherwise.' }) mode?: string | null;
}

/** New tags for one of the producer's uploads; every list is replaced (instruments may be empty for drum loops). */
@InputType('SampleTagsInput', { description: "New tags for one of the producer's uploads; every list is replaced (instruments may be empty for drum loops)." })
export class SampleTagsInput {
  @Field(() => [String], { description: 'Artists (at least one).' }) artists!: string[];
  @Field(() => [String], { description: 'Instruments (at least one for a composition).' }) instruments!: string[];
  @Field(() => [String], { description: 'Genres (at least one).' }) genres!: string[];
  @Field(() => [String], { description: 'Moods (at least one).' }) moods!: string[];
  @Field(() => [String], { description: 'Tempo styles (at least one).' }) tempoStyles!: string[];
}
