import { Beat } from './beat.entity';
import { BeatFingerprint } from './beat-fingerprint.entity';
import { GenerationJob } from './generation-job.entity';

/** The beats module's tables. */
export const beatsEntities = [Beat, GenerationJob, BeatFingerprint];
