import { AudioFacts } from './audio-facts.embeddable';
import { DrumLoop } from './drum-loop.entity';
import { MelodyComposition } from './melody-composition.entity';
import { MelodyStem } from './melody-stem.entity';
import { SampleTagLists } from './sample-tags.embeddable';

/** The catalogue's tables and embeddables. */
export const catalogEntities = [AudioFacts, SampleTagLists, MelodyComposition, MelodyStem, DrumLoop];
