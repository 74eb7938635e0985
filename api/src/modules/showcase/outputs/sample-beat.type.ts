import { Field, Float, ID, ObjectType } from 'type-graphql';

/** One of the landing page's sample beats: rendered once from the catalogue, playable by anyone. */
@ObjectType('SampleBeat', { description: "One of the landing page's sample beats: rendered once from the catalogue, playable by anyone." })
export class SampleBeatType {
  @Field(() => ID, { description: 'Sample beat id.' }) id!: string;
  @Field(() => String, { description: 'Title shown on its card.' }) title!: string;
  @Field(() => String, { description: 'The genre the beat was made in, as shown on its card' }) genre!: string;
  @Field(() => String, { description: 'Signed, expiring MP3 address' }) audioUrl!: string;
  @Field(() => String, { description: 'Key (C ... B).' }) key!: string;
  @Field(() => String, { description: 'Major or Minor.' }) mode!: string;
  @Field(() => Float, { description: 'Tempo in BPM.' }) bpm!: number;
  @Field(() => String, { description: 'Section letters: I intro, V verse, C chorus, B bridge, O outro' }) structure!: string;
  @Field(() => Float, { description: 'Length in seconds.' }) durationSeconds!: number;
  @Field(() => [Float], { description: 'Waveform peaks (0..1)' }) peaks!: number[];
}
