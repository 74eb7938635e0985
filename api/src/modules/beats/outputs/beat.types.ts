import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

@ObjectType('ProducerShare', { description: "A producer whose loops a beat uses, and their share of the beat (and of its licence earnings)." })
export class ProducerShareType {
  @Field(() => String, { description: "The producer's public name." }) name!: string;
  @Field(() => Float, { description: 'Percent, two decimals; a beat\'s shares add up to exactly 100' }) percent!: number;
}

/** One section of a beat as the section editor shows it. */
@ObjectType('BeatSection', { description: 'One section of a beat (8 bars) as the section editor shows it.' })
export class BeatSectionType {
  @Field(() => String, { description: 'I intro, V verse, C chorus, B bridge, O outro' }) label!: string;
  @Field(() => [String], { description: 'Drum types that play in this section' }) drums!: string[];
  @Field(() => [String], { description: 'Drum types of this section that an edit removed' }) removedDrums!: string[];
  @Field(() => Int, { description: 'Energy a listener set with setSectionEnergy, from -2 (much calmer than generated) to 2 (much fuller); 0 as generated' }) energy!: number;
}

/** What a prompt was read as: the generator shows it under the player ("Read as: trap, dark, 140 BPM"). */
@ObjectType('PromptReading', { description: 'What a prompt was read as: the generator shows it under the player ("Read as: trap, dark, 140 BPM").' })
export class PromptReadingType {
  @Field(() => [String], { description: 'Catalogue genres asked for (a genre the catalogue lacks is read as its nearest one)' }) genres!: string[];
  @Field(() => [String], { description: 'Catalogue moods asked for (Dark, Happy, ...)' }) moods!: string[];
  @Field(() => [String], { description: 'Artists: catalogue tags, or artists the platform knows of' }) artists!: string[];
  @Field(() => [String], { description: 'Catalogue instruments asked for (Keys, Guitar, ...)' }) instruments!: string[];
  @Field(() => [String], { description: 'A separate drum style ("with country drums")' }) drumGenres!: string[];
  @Field(() => Int, { nullable: true, description: 'An explicit BPM from the prompt ("140 bpm"); null when none was given' }) bpm!: number | null;
  @Field(() => Int, { nullable: true, description: 'A tempo range wished by pace or energy words (no explicit BPM)' }) tempoMin!: number | null;
  @Field(() => Int, { nullable: true, description: 'Upper end of the wished tempo range in BPM (with tempoMin)' }) tempoMax!: number | null;
  @Field(() => String, { nullable: true, description: 'An explicit key (C, C#, ... B); null when the prompt named none' }) key!: string | null;
  @Field(() => String, { nullable: true, description: 'Major or Minor: asked for, or leaned to by the words' }) mode!: string | null;
  @Field(() => Boolean, { description: 'True when the prompt named the mode' }) modeExplicit!: boolean;
  @Field(() => [String], { description: 'Words read by meaning, as "word: tag"' }) meanings!: string[];
  @Field(() => [String], { description: 'Words that were not understood' }) ignored!: string[];
  @Field(() => String, { description: 'All of it in one line: "trap, dark, minor, 140 BPM (ignored: blorp)"' }) summary!: string;
}

@ObjectType('Beat', { description: 'A generated beat. Only its owner (the user who generated it) can read it.' })
export class BeatType {
  @Field(() => ID, { description: 'Beat id (UUID).' }) id!: string;
  @Field(() => String, { description: 'Title made from the prompt (first letter upper-cased, at most 80 characters)' }) title!: string;
  @Field(() => String, { description: 'The prompt it was made from (shown as the search query)' }) prompt!: string;
  @Field(() => Float, { description: 'Tempo in beats per minute' }) bpm!: number;
  @Field(() => String, { description: 'Key: C, C#, D, D#, E, F, F#, G, G#, A, A# or B' }) key!: string;
  @Field(() => String, { description: 'Major or Minor' }) mode!: string;
  @Field(() => String, { description: 'Section letters: I intro, V verse, C chorus, B bridge, O outro' }) structure!: string;
  @Field(() => String, { description: 'first (a short first beat), full (the whole song) or edit (an edited version of another beat)' }) kind!: string;
  @Field(() => String, { description: 'Signed MP3 address for the player, valid for an hour by default; ask for the beat again for a fresh one' }) audioUrl!: string;
  @Field(() => String, { description: 'Signed MP3 address that downloads as a file (Content-Disposition: attachment), valid for an hour by default' }) downloadUrl!: string;
  @Field(() => Float, { description: 'Length of the audio in seconds' }) durationSeconds!: number;
  @Field(() => [Float], { description: 'Waveform peaks (0..1) for the player' }) peaks!: number[];
  @Field(() => [ProducerShareType], { description: 'The producers whose loops it uses, with shares adding up to 100' }) producers!: ProducerShareType[];
  @Field(() => [BeatSectionType], { description: 'Per section (in structure order), the drums an edit can name' }) sections!: BeatSectionType[];
  @Field(() => ID, { nullable: true, description: 'The beat this one extends or edits' }) parentId!: string | null;
  @Field(() => PromptReadingType, { nullable: true, description: 'What its prompt was read as (null for beats made before prompts were read by meaning)' }) reading!: PromptReadingType | null;
  @Field(() => Date, { description: 'When the beat was made (UTC)' }) createdAt!: Date;
}

@ObjectType('GenerationJob', { description: 'A generation, extension or edit job: queued, then five stages, then succeeded (with a beat) or failed (with an error).' })
export class GenerationJobType {
  @Field(() => ID, { description: 'Job id (UUID): pass it to generationProgress or generationJob' }) id!: string;
  @Field(() => String, { description: 'queued, running, succeeded or failed' }) status!: string;
  @Field(() => Int, { description: '0 before the first stage, then 1 to 5' }) stage!: number;
  @Field(() => String, { nullable: true, description: 'The current stage\'s message: Getting audio files..., Arranging drums..., Arranging melody files..., Generating structure..., Applying mixing...; null before the first stage' }) message!: string | null;
  @Field(() => ID, { nullable: true, description: 'The beat made, once the job succeeded' }) beatId!: string | null;
  @Field(() => String, { nullable: true, description: 'Why the job failed, in words to show the user; a failed charged job refunds its token' }) error!: string | null;
  @Field(() => String, { nullable: true, description: 'The error code of a failed job (NOT_FOUND, CONFLICT, INTERNAL_SERVER_ERROR, ...)' }) errorCode!: string | null;
  @Field(() => PromptReadingType, { nullable: true, description: 'What the prompt was read as (generate and regenerate; null otherwise)' }) reading?: PromptReadingType | null;
}

/** One event of `generationProgress`: the job's state, and the beat once it is ready. */
@ObjectType('GenerationProgress', { description: 'One event of generationProgress: the job\'s state, and the beat once it is ready.' })
export class GenerationProgressType extends GenerationJobType {
  @Field(() => BeatType, { nullable: true, description: 'The finished beat (on the succeeded event only)' }) beat!: BeatType | null;
  @Field(() => Int, { nullable: true, description: 'The balance after this job (set when it finishes)' }) tokensRemaining!: number | null;
}
