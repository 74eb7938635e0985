import type { DrumLoop } from './drum-loop.entity';
import type { MelodyComposition } from './melody-composition.entity';
import type { DrumLoopType, MelodyCompositionType } from './outputs/sample.types';

/** REST shape of a stored composition (snake_case like the rest of the documented paths). */
export const presentComposition = (c: MelodyComposition) => ({
  id: c.id,
  bpm: c.bpm,
  key: c.key,
  mode: c.mode,
  bars: c.bars,
  detected_bpm: c.detectedBpm ?? null,
  detected_key: c.detectedKey ?? null,
  detected_mode: c.detectedMode ?? null,
  bpm_mismatch: c.bpmMismatch,
  key_mismatch: c.keyMismatch,
  artists: c.tags.artists,
  instruments: c.tags.instruments,
  genres: c.tags.genres,
  moods: c.tags.moods,
  tempo_style: c.tags.tempoStyles,
  created_at: c.createdAt,
  withdrawn_at: c.withdrawnAt ?? null,
  stems: c.stems.getItems().map((s) => ({
    id: s.id,
    file_name: s.audio.fileName,
    duration_seconds: s.audio.durationSeconds,
    loudness_lufs: s.audio.loudnessLufs,
  })),
});

export const presentDrumLoop = (d: DrumLoop) => ({
  id: d.id,
  file_name: d.audio.fileName,
  drum_type: d.drumType,
  bpm: d.bpm,
  key: d.key ?? null,
  mode: d.mode ?? null,
  bars: d.bars,
  detected_bpm: d.detectedBpm ?? null,
  detected_key: d.detectedKey ?? null,
  bpm_mismatch: d.bpmMismatch,
  key_mismatch: d.keyMismatch,
  duration_seconds: d.audio.durationSeconds,
  loudness_lufs: d.audio.loudnessLufs,
  artists: d.tags.artists,
  instruments: d.tags.instruments,
  genres: d.tags.genres,
  moods: d.tags.moods,
  tempoStyle: d.tags.tempoStyles,
  created_at: d.createdAt,
  withdrawn_at: d.withdrawnAt ?? null,
});

/** GraphQL shape of a stored composition (its stems loaded). */
export const compositionType = (c: MelodyComposition): MelodyCompositionType => ({
  id: c.id,
  tags: { ...c.tags },
  bpm: c.bpm,
  key: c.key,
  mode: c.mode,
  bars: c.bars,
  detectedBpm: c.detectedBpm ?? null,
  detectedKey: c.detectedKey ?? null,
  detectedMode: c.detectedMode ?? null,
  bpmMismatch: c.bpmMismatch,
  keyMismatch: c.keyMismatch,
  stems: c.stems.getItems().map((s) => ({
    id: s.id,
    fileName: s.audio.fileName,
    durationSeconds: s.audio.durationSeconds,
    loudnessLufs: s.audio.loudnessLufs,
  })),
  createdAt: c.createdAt,
  withdrawnAt: c.withdrawnAt ?? null,
});

export const drumLoopType = (d: DrumLoop): DrumLoopType => ({
  id: d.id,
  fileName: d.audio.fileName,
  drumType: d.drumType,
  tags: { ...d.tags },
  bpm: d.bpm,
  key: d.key ?? null,
  mode: d.mode ?? null,
  bars: d.bars,
  detectedBpm: d.detectedBpm ?? null,
  detectedKey: d.detectedKey ?? null,
  bpmMismatch: d.bpmMismatch,
  keyMismatch: d.keyMismatch,
  durationSeconds: d.audio.durationSeconds,
  createdAt: d.createdAt,
  withdrawnAt: d.withdrawnAt ?? null,
});


