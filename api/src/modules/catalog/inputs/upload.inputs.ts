import { Field, Float, InputType, Int } from 'type-graphql';

/** Metadata of a melody upload (spec 2 §2): every tag list needs an entry; BPM 40 to 250. */
@InputType('MelodyUploadInput')
export class MelodyUploadInput {
  @Field(() => [String]) artists!: string[];
  @Field(() => [String]) instruments!: string[];
  @Field(() => [String]) genres!: string[];
  @Field(() => [String]) moods!: string[];
  @Field(() => [String]) tempoStyles!: string[];
  @Field(() => Float) bpm!: number;
  @Field(() => String, { description: 'C, C#, D, ... B' }) key!: string;
  @Field(() => String, { description: 'Major or Minor' }) mode!: string;
}

/** One drum row; `fileIndex` points into the mutation's `files`. Key and mode only for 808s. */
@InputType('DrumUploadEntryInput')
export class DrumUploadEntryInput {
  @Field(() => Int) fileIndex!: number;
  @Field(() => String) drumType!: string;
  @Field(() => [String]) genres!: string[];
  @Field(() => [String]) artists!: string[];
  @Field(() => [String], { nullable: true }) instruments?: string[] | null;
  @Field(() => [String]) moods!: string[];
  @Field(() => [String]) tempoStyles!: string[];
  @Field(() => Float) bpm!: number;
  @Field(() => String, { nullable: true }) key?: string | null;
  @Field(() => String, { nullable: true }) mode?: string | null;
}

/** New tags for one of the producer's uploads; every list is replaced (instruments may be empty for drum loops). */
@InputType('SampleTagsInput')
export class SampleTagsInput {
  @Field(() => [String]) artists!: string[];
  @Field(() => [String]) instruments!: string[];
  @Field(() => [String]) genres!: string[];
  @Field(() => [String]) moods!: string[];
  @Field(() => [String]) tempoStyles!: string[];
}
