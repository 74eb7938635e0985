import type { DrumLoop } from './drum-loop.entity';
import type { MelodyComposition } from './melody-composition.entity';

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
});
