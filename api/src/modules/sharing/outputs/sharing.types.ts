import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('BeatShare', { description: "A beat's public link, as its owner sees it." })
export class BeatShareType {
  @Field(() => ID, { description: 'The unguessable id in the link (22 characters).' }) shareId!: string;
  @Field(() => String, { description: 'The link to paste: a page with Open Graph and Twitter card tags (title, waveform picture) that sends people on to the web page.' }) url!: string;
  @Field(() => String, { description: "The web app's page of the beat (/shared/{shareId})." }) pageUrl!: string;
  @Field(() => Int, { description: 'Plays on the public page: one per listener (an account, or a network without sign-in) per UTC day.' }) plays!: number;
  @Field(() => Date, { description: 'When the beat was shared (UTC).' }) createdAt!: Date;
}

@ObjectType('SharedBeatProducer', { description: 'A producer of a shared beat and their share.' })
export class SharedBeatProducerType {
  @Field(() => String, { description: "The producer's public name." }) name!: string;
  @Field(() => Float, { description: 'Percent, two decimals; the shares add up to 100.' }) percent!: number;
}

@ObjectType('SharedBeat', { description: 'A shared beat as its public page shows it (no sign-in): the storefront player, the producers and their shares. Nothing in it downloads the beat.' })
export class SharedBeatType {
  @Field(() => ID, { description: 'The id of the link.' }) shareId!: string;
  @Field(() => String, { description: 'The title.' }) title!: string;
  @Field(() => String, { description: 'Key: C, C#, ... B.' }) key!: string;
  @Field(() => String, { description: 'Major or Minor.' }) mode!: string;
  @Field(() => Float, { description: 'Tempo in beats per minute.' }) bpm!: number;
  @Field(() => String, { description: 'Section letters: I intro, V verse, C chorus, B bridge, O outro.' }) structure!: string;
  @Field(() => Float, { description: 'Length in seconds.' }) durationSeconds!: number;
  @Field(() => [Float], { description: 'Waveform peaks (0..1).' }) peaks!: number[];
  @Field(() => [SharedBeatProducerType], { description: 'The producers whose loops it uses, with their shares.' }) producers!: SharedBeatProducerType[];
  @Field(() => String, { description: 'Signed address of the audio stream (sent no faster than twice real time after the first seconds); valid until audioExpiresAt.' }) audioUrl!: string;
  @Field(() => Date, { description: 'When audioUrl stops working (UTC); ask again for a fresh one.' }) audioExpiresAt!: Date;
  @Field(() => Boolean, { description: 'True when the signed-in viewer shared it (the owner, or the holder of its exclusive): the page offers Get License and shows the plays.' }) viewerIsOwner!: boolean;
  @Field(() => ID, { nullable: true, description: "The beat's id, for its owner only (Get License); null for everyone else." }) beatId!: string | null;
  @Field(() => Int, { nullable: true, description: 'Plays (one per listener per day), for the owner only; null for everyone else.' }) plays!: number | null;
  @Field(() => String, { description: 'The link to paste.' }) url!: string;
}
