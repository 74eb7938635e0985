import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('ProducerShare')
export class ProducerShareType {
  @Field(() => String) name!: string;
  @Field(() => Float, { description: 'Percent, two decimals; a beat\'s shares add up to 100' }) percent!: number;
}

/** One section of a beat as the section editor shows it. */
@ObjectType('BeatSection')
export class BeatSectionType {
  @Field(() => String, { description: 'I intro, V verse, C chorus, B bridge, O outro' }) label!: string;
  @Field(() => [String], { description: 'Drum types that play in this section' }) drums!: string[];
  @Field(() => [String], { description: 'Drum types of this section that an edit removed' }) removedDrums!: string[];
}

/** What a prompt was read as: the generator shows it under the player ("Read as: trap, dark, 140 BPM"). */
@ObjectType('PromptReading')
export class PromptReadingType {
  @Field(() => [String], { description: 'Catalogue genres asked for (a genre the catalogue lacks is read as its nearest one)' }) genres!: string[];
  @Field(() => [String]) moods!: string[];
  @Field(() => [String], { description: 'Artists: catalogue tags, or artists the platform knows of' }) artists!: string[];
  @Field(() => [String]) instruments!: string[];
  @Field(() => [String], { description: 'A separate drum style ("with country drums")' }) drumGenres!: string[];
  @Field(() => Int, { nullable: true, description: 'An explicit BPM' }) bpm!: number | null;
  @Field(() => Int, { nullable: true, description: 'A tempo range wished by pace or energy words (no explicit BPM)' }) tempoMin!: number | null;
  @Field(() => Int, { nullable: true }) tempoMax!: number | null;
  @Field(() => String, { nullable: true }) key!: string | null;
  @Field(() => String, { nullable: true, description: 'Major or Minor: asked for, or leaned to by the words' }) mode!: string | null;
  @Field(() => Boolean, { description: 'True when the prompt named the mode' }) modeExplicit!: boolean;
  @Field(() => [String], { description: 'Words read by meaning, as "word: tag"' }) meanings!: string[];
  @Field(() => [String], { description: 'Words that were not understood' }) ignored!: string[];
  @Field(() => String, { description: 'All of it in one line: "trap, dark, minor, 140 BPM (ignored: blorp)"' }) summary!: string;
}

@ObjectType('Beat')
export class BeatType {
  @Field(() => ID) id!: string;
  @Field(() => String) title!: string;
  @Field(() => String, { description: 'The prompt it was made from (shown as the search query)' }) prompt!: string;
  @Field(() => Float) bpm!: number;
  @Field(() => String) key!: string;
  @Field(() => String) mode!: string;
  @Field(() => String, { description: 'Section letters: I intro, V verse, C chorus, B bridge, O outro' }) structure!: string;
  @Field(() => String, { description: 'first, full or edit' }) kind!: string;
  @Field(() => String, { description: 'Signed, expiring MP3 address for the player' }) audioUrl!: string;
  @Field(() => String, { description: 'Signed, expiring MP3 address that downloads as a file' }) downloadUrl!: string;
  @Field(() => Float) durationSeconds!: number;
  @Field(() => [Float], { description: 'Waveform peaks (0..1) for the player' }) peaks!: number[];
  @Field(() => [ProducerShareType]) producers!: ProducerShareType[];
  @Field(() => [BeatSectionType], { description: 'Per section (in structure order), the drums an edit can name' }) sections!: BeatSectionType[];
  @Field(() => ID, { nullable: true, description: 'The beat this one extends or edits' }) parentId!: string | null;
  @Field(() => PromptReadingType, { nullable: true, description: 'What its prompt was read as (null for beats made before prompts were read by meaning)' }) reading!: PromptReadingType | null;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType('GenerationJob')
export class GenerationJobType {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'queued, running, succeeded or failed' }) status!: string;
  @Field(() => Int, { description: '0 before the first stage, then 1 to 5' }) stage!: number;
  @Field(() => String, { nullable: true, description: 'The current step message' }) message!: string | null;
  @Field(() => ID, { nullable: true }) beatId!: string | null;
  @Field(() => String, { nullable: true }) error!: string | null;
  @Field(() => String, { nullable: true }) errorCode!: string | null;
  @Field(() => PromptReadingType, { nullable: true, description: 'What the prompt was read as (generate and regenerate; null otherwise)' }) reading?: PromptReadingType | null;
}

/** One event of `generationProgress`: the job's state, and the beat once it is ready. */
@ObjectType('GenerationProgress')
export class GenerationProgressType extends GenerationJobType {
  @Field(() => BeatType, { nullable: true }) beat!: BeatType | null;
  @Field(() => Int, { nullable: true, description: 'The balance after this job (set when it finishes)' }) tokensRemaining!: number | null;
}
