import type { PublicBeat, ShareStatus } from './sharing.service';
import type { BeatShareType, SharedBeatType } from './outputs/sharing.types';

export const presentShare = (status: ShareStatus): BeatShareType => ({ ...status });

export const presentSharedBeat = (beat: PublicBeat): SharedBeatType => ({ ...beat, peaks: [...beat.peaks], producers: beat.producers.map((p) => ({ ...p })) });

/** REST: the owner's share in snake case. */
export const presentShareRest = (status: ShareStatus) => ({
  share_id: status.shareId,
  url: status.url,
  page_url: status.pageUrl,
  plays: status.plays,
  created_at: status.createdAt.toISOString(),
});

/** REST: the public beat in snake case (the player's fields as requirements (listener core) names them: Key, Mode, BPM). */
export const presentSharedBeatRest = (beat: PublicBeat) => ({
  share_id: beat.shareId,
  title: beat.title,
  Key: beat.key,
  Mode: beat.mode,
  BPM: beat.bpm,
  beat_structuring: beat.structure,
  duration_seconds: beat.durationSeconds,
  peaks: beat.peaks,
  producer_info: beat.producers.map((p) => ({ producer: p.name, percentage: p.percent })),
  audio_url: beat.audioUrl,
  audio_expires_at: beat.audioExpiresAt.toISOString(),
  viewer_is_owner: beat.viewerIsOwner,
  beat_id: beat.beatId,
  plays: beat.plays,
  url: beat.url,
});
