import { BeatPlay } from './beat-play.entity';
import { BeatShare } from './beat-share.entity';

/** The sharing module's tables. */
export const sharingEntities = [BeatShare, BeatPlay];
