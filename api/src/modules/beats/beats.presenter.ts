import type { Beat } from './beat.entity';
import type { BeatsService } from './beats.service';
import type { JobEvent } from './generation-stages';
import type { BeatType, GenerationJobType } from './outputs/beat.types';
import type { GenerationJob } from './generation-job.entity';
import type { PromptIntent } from './prompt/prompt-parser';
import { presentReading, type PromptReading } from './prompt/prompt-reading';
import { sectionDrumsOf } from './section-drums';

export async function presentBeat(beats: BeatsService, beat: Beat): Promise<BeatType> {
  return {
    id: beat.id,
    title: beat.title,
    prompt: beat.prompt,
    bpm: beat.bpm,
    key: beat.key,
    mode: beat.mode,
    structure: beat.structure,
    kind: beat.kind,
    audioUrl: await beats.audioUrl(beat),
    downloadUrl: await beats.audioUrl(beat, true),
    durationSeconds: beat.durationSeconds,
    peaks: beat.peaks,
    producers: beat.producerShares.map((s) => ({ name: s.name, percent: s.percent })),
    sections: sectionDrumsOf(beat.arrangement),
    parentId: beat.parent ? (typeof beat.parent === 'string' ? beat.parent : beat.parent.id) : null,
    reading: beat.selection.reading ?? null,
    createdAt: beat.createdAt,
  };
}

export const presentJob = (event: JobEvent): GenerationJobType => ({
  id: event.jobId,
  status: event.status,
  stage: event.stage,
  message: event.message,
  beatId: event.beatId,
  error: event.error,
  errorCode: event.errorCode,
});

/** What a job's prompt was read as, when it has one (generate and regenerate jobs). */
export function readingOfJob(job: GenerationJob): PromptReading | null {
  const intent = (job.input as { intent?: PromptIntent }).intent;
  return intent ? presentReading(intent) : null;
}

/** REST `read_as`: the reading in the REST answers' snake case. */
export const presentReadAs = (reading: PromptReading | null | undefined) =>
  reading
    ? {
        summary: reading.summary,
        genres: reading.genres,
        moods: reading.moods,
        artists: reading.artists,
        instruments: reading.instruments,
        drum_genres: reading.drumGenres,
        bpm: reading.bpm,
        tempo_range: reading.tempoMin !== null && reading.tempoMax !== null ? [reading.tempoMin, reading.tempoMax] : null,
        key: reading.key,
        mode: reading.mode,
        mode_explicit: reading.modeExplicit,
        meanings: reading.meanings,
        ignored: reading.ignored,
      }
    : null;

/** The spec's generation response (requirements §L3 "Beat"), for the REST paths. */
export async function presentGeneration(beats: BeatsService, beat: Beat, tokensRemaining: number) {
  return {
    error: null,
    audio_url: await beats.audioUrl(beat),
    producer_info: beat.producerShares.map((s) => ({ producer: s.name, percentage: s.percent })),
    tokens_remaining: tokensRemaining,
    Key: beat.key,
    Mode: beat.mode,
    BPM: beat.bpm,
    search_query: beat.prompt,
    beat_structuring: beat.structure,
    beat_id: beat.id,
    /** What the prompt was read as (not in the spec: it teaches the listener how to ask). */
    read_as: presentReadAs(beat.selection.reading),
  };
}
