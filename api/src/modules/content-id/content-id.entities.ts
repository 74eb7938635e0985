import { BeatLandmark } from './beat-landmark.entity';
import { BeatLandmarkSet } from './beat-landmark-set.entity';

export const contentIdEntities = [BeatLandmarkSet, BeatLandmark];
