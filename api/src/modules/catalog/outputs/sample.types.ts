import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('SampleTags', { description: 'The tags of an uploaded loop; the generator matches prompts against them.' })
export class SampleTagsType {
  @Field(() => [String], { description: 'Artists the loop sounds like.' }) artists!: string[];
  @Field(() => [String], { description: 'Instruments heard in it (may be empty for drum loops).' }) instruments!: string[];
  @Field(() => [String], { description: "Genres it suits; they count towards Our Dataset's shares." }) genres!: string[];
  @Field(() => [String], { description: 'Moods (Dark, Happy, ...).' }) moods!: string[];
  @Field(() => [String], { description: 'Tempo styles (half-time, bouncy, steady, ...).' }) tempoStyles!: string[];
}

@ObjectType('MelodyStem', { description: 'One WAV stem of a melody composition.' })
export class MelodyStemType {
  @Field(() => ID, { description: 'Stem id (UUID).' }) id!: string;
  @Field(() => String, { description: 'The file name the producer uploaded.' }) fileName!: string;
  @Field(() => Float, { description: 'Length in seconds.' }) durationSeconds!: number;
  @Field(() => Float, { description: 'Integrated loudness, LUFS' }) loudnessLufs!: number;
}

/** A melody upload: one composition of stems, declared and detected tempo and key. */
@ObjectType('MelodyComposition', { description: 'A melody upload: one composition of stems that play together, with declared and detected tempo and key.' })
export class MelodyCompositionType {
  @Field(() => ID, { description: 'Composition id (UUID).' }) id!: string;
  @Field(() => SampleTagsType, { description: 'Its tags.' }) tags!: SampleTagsType;
  @Field(() => Float, { description: 'Tempo the producer declared, 40 to 250 BPM.' }) bpm!: number;
  @Field(() => String, { description: 'Key the producer declared: C, C#, D, D#, E, F, F#, G, G#, A, A# or B.' }) key!: string;
  @Field(() => String, { description: 'Major or Minor, as declared.' }) mode!: string;
  @Field(() => Int, { description: 'Length in bars at the declared BPM (the same for every stem).' }) bars!: number;
  @Field(() => Float, { nullable: true, description: 'Tempo measured from the audio; null when it could not be measured.' }) detectedBpm!: number | null;
  @Field(() => String, { nullable: true, description: 'Key measured from the audio; null when it could not be measured.' }) detectedKey!: string | null;
  @Field(() => String, { nullable: true, description: 'Mode measured from the audio; null when it could not be measured.' }) detectedMode!: string | null;
  @Field(() => Boolean, { description: 'The declared BPM differs from the detected one by more than 1' }) bpmMismatch!: boolean;
  @Field(() => Boolean, { description: 'The declared key or mode differs from the detected one' }) keyMismatch!: boolean;
  @Field(() => [MelodyStemType], { description: 'Its stems, in upload order.' }) stems!: MelodyStemType[];
  @Field(() => Date, { description: 'When it was uploaded (UTC).' }) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'Withdrawn by its producer: no longer used for new beats' }) withdrawnAt!: Date | null;
}

@ObjectType('DrumLoop', { description: 'An uploaded drum loop of one drum type.' })
export class DrumLoopType {
  @Field(() => ID, { description: 'Drum loop id (UUID).' }) id!: string;
  @Field(() => String, { description: 'The file name the producer uploaded.' }) fileName!: string;
  @Field(() => String, { description: '808s, Kicks, Snares, Claps, Hihats, Open Hats, Percs, Cymbals or FX.' }) drumType!: string;
  @Field(() => SampleTagsType, { description: 'Its tags.' }) tags!: SampleTagsType;
  @Field(() => Float, { description: 'Tempo the producer declared, 40 to 250 BPM.' }) bpm!: number;
  @Field(() => String, { nullable: true, description: 'Key of an 808 loop (C ... B); null for other drum types.' }) key!: string | null;
  @Field(() => String, { nullable: true, description: 'Major or Minor for an 808 loop; null for other drum types.' }) mode!: string | null;
  @Field(() => Int, { description: 'Length in bars at the declared BPM.' }) bars!: number;
  @Field(() => Float, { nullable: true, description: 'Tempo measured from the audio; null when it could not be measured.' }) detectedBpm!: number | null;
  @Field(() => String, { nullable: true, description: 'Key measured from an 808 loop; null otherwise.' }) detectedKey!: string | null;
  @Field(() => Boolean, { description: 'The declared BPM differs from the detected one by more than 1.' }) bpmMismatch!: boolean;
  @Field(() => Boolean, { description: 'The declared key or mode of an 808 loop differs from the detected one.' }) keyMismatch!: boolean;
  @Field(() => Float, { description: 'Length in seconds.' }) durationSeconds!: number;
  @Field(() => Date, { description: 'When it was uploaded (UTC).' }) createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'Withdrawn by its producer: no longer used for new beats' }) withdrawnAt!: Date | null;
}

@ObjectType('MelodyUploadPayload', { description: 'The result of uploadMelodySamples.' })
export class MelodyUploadPayload {
  @Field(() => String, { description: 'Files uploaded successfully!' }) message!: string;
  @Field(() => MelodyCompositionType, { description: 'The stored composition, measured.' }) composition!: MelodyCompositionType;
}

@ObjectType('DrumUploadPayload', { description: 'The result of uploadDrumSamples.' })
export class DrumUploadPayload {
  @Field(() => String, { description: 'Drum samples uploaded successfully!' }) message!: string;
  @Field(() => [DrumLoopType], { description: 'The stored loops, in entry order, measured.' }) drumLoops!: DrumLoopType[];
}

@ObjectType('MyCompositionsPage', { description: "A page of the signed-in producer's melody compositions, newest first" })
export class MyCompositionsPage {
  @Field(() => [MelodyCompositionType], { description: 'Up to 20 compositions.' }) items!: MelodyCompositionType[];
  @Field(() => Int, { description: 'How many there are in all.' }) total!: number;
  @Field(() => Int, { description: "This page's number, from 1." }) page!: number;
  @Field(() => Int, { description: 'How many pages there are.' }) pages!: number;
}

@ObjectType('MyDrumLoopsPage', { description: "A page of the signed-in producer's drum loops, newest first" })
export class MyDrumLoopsPage {
  @Field(() => [DrumLoopType], { description: 'Up to 20 drum loops.' }) items!: DrumLoopType[];
  @Field(() => Int, { description: 'How many there are in all.' }) total!: number;
  @Field(() => Int, { description: "This page's number, from 1." }) page!: number;
  @Field(() => Int, { description: 'How many pages there are.' }) pages!: number;
}
