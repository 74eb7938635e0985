import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('SampleTags')
export class SampleTagsType {
  @Field(() => [String]) artists!: string[];
  @Field(() => [String]) instruments!: string[];
  @Field(() => [String]) genres!: string[];
  @Field(() => [String]) moods!: string[];
  @Field(() => [String]) tempoStyles!: string[];
}

@ObjectType('MelodyStem')
export class MelodyStemType {
  @Field(() => ID) id!: string;
  @Field(() => String) fileName!: string;
  @Field(() => Float) durationSeconds!: number;
  @Field(() => Float, { description: 'Integrated loudness, LUFS' }) loudnessLufs!: number;
}

/** A melody upload: one composition of stems, declared and detected tempo and key. */
@ObjectType('MelodyComposition')
export class MelodyCompositionType {
  @Field(() => ID) id!: string;
  @Field(() => SampleTagsType) tags!: SampleTagsType;
  @Field(() => Float) bpm!: number;
  @Field(() => String) key!: string;
  @Field(() => String) mode!: string;
  @Field(() => Int) bars!: number;
  @Field(() => Float, { nullable: true }) detectedBpm!: number | null;
  @Field(() => String, { nullable: true }) detectedKey!: string | null;
  @Field(() => String, { nullable: true }) detectedMode!: string | null;
  @Field(() => Boolean, { description: 'The declared BPM differs from the detected one by more than 1' }) bpmMismatch!: boolean;
  @Field(() => Boolean, { description: 'The declared key or mode differs from the detected one' }) keyMismatch!: boolean;
  @Field(() => [MelodyStemType]) stems!: MelodyStemType[];
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'Withdrawn by its producer: no longer used for new beats' }) withdrawnAt!: Date | null;
}

@ObjectType('DrumLoop')
export class DrumLoopType {
  @Field(() => ID) id!: string;
  @Field(() => String) fileName!: string;
  @Field(() => String) drumType!: string;
  @Field(() => SampleTagsType) tags!: SampleTagsType;
  @Field(() => Float) bpm!: number;
  @Field(() => String, { nullable: true }) key!: string | null;
  @Field(() => String, { nullable: true }) mode!: string | null;
  @Field(() => Int) bars!: number;
  @Field(() => Float, { nullable: true }) detectedBpm!: number | null;
  @Field(() => String, { nullable: true }) detectedKey!: string | null;
  @Field(() => Boolean) bpmMismatch!: boolean;
  @Field(() => Boolean) keyMismatch!: boolean;
  @Field(() => Float) durationSeconds!: number;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'Withdrawn by its producer: no longer used for new beats' }) withdrawnAt!: Date | null;
}

@ObjectType('MelodyUploadPayload')
export class MelodyUploadPayload {
  @Field(() => String) message!: string;
  @Field(() => MelodyCompositionType) composition!: MelodyCompositionType;
}

@ObjectType('DrumUploadPayload')
export class DrumUploadPayload {
  @Field(() => String) message!: string;
  @Field(() => [DrumLoopType]) drumLoops!: DrumLoopType[];
}

@ObjectType('MyCompositionsPage', { description: "A page of the signed-in producer's melody compositions, newest first" })
export class MyCompositionsPage {
  @Field(() => [MelodyCompositionType]) items!: MelodyCompositionType[];
  @Field(() => Int) total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pages!: number;
}

@ObjectType('MyDrumLoopsPage', { description: "A page of the signed-in producer's drum loops, newest first" })
export class MyDrumLoopsPage {
  @Field(() => [DrumLoopType]) items!: DrumLoopType[];
  @Field(() => Int) total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pages!: number;
}
