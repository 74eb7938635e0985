import { Field, Float, ID, ObjectType } from 'type-graphql';

/** One of the landing page's sample beats: rendered once from the catalogue, playable by anyone. */
@ObjectType('SampleBeat')
export class SampleBeatType {
  @Field(() => ID) id!: string;
  @Field(() => String) title!: string;
  @Field(() => String, { description: 'The genre the beat was made in, as shown on its card' }) genre!: string;
  @Field(() => String, { description: 'Signed, expiring MP3 address' }) audioUrl!: string;
  @Field(() => String) key!: string;
  @Field(() => String) mode!: string;
  @Field(() => Float) bpm!: number;
  @Field(() => String, { description: 'Section letters: I intro, V verse, C chorus, B bridge, O outro' }) structure!: string;
  @Field(() => Float) durationSeconds!: number;
  @Field(() => [Float], { description: 'Waveform peaks (0..1)' }) peaks!: number[];
}
