import type { EntityManager } from '@mikro-orm/postgresql';
import { LANDMARK_FRAME_SECONDS, type Landmarks } from '../../audio';
import { intArray } from './landmark-store';

/**
 * Landmark pairs that must agree on one alignment for a beat to count as in the recording. On the
 * benchmark's 100 excerpts of audio never indexed, no alignment reached more than a handful
 * (docs/decisions.md, "Content identification").
 */
export const MIN_ALIGNED_HITS = 12;
/** Aligned pairs at which confidence is full. */
const FULL_CONFIDENCE_HITS = 60;
/** Alignments this many frames apart are one (a recording cut between two frames moves some anchors by one). */
const ALIGNMENT_TOLERANCE = 1;
/** Candidate alignments read from the database, strongest first. */
const CANDIDATES = 400;

/** Where a beat plays in a recording: both spans in seconds. */
export interface MatchSpan {
  readonly hits: number;
  /** 0..1: aligned pairs relative to FULL_CONFIDENCE_HITS. */
  readonly confidence: number;
  readonly recordingStart: number;
  readonly recordingEnd: number;
  readonly beatStart: number;
  readonly beatEnd: number;
}

/** One beat found in a recording, with every span where it plays (strongest first). */
export interface BeatMatch {
  readonly beatId: string;
  readonly hits: number;
  readonly confidence: number;
  readonly spans: readonly MatchSpan[];
}

interface Alignment {
  setId: number;
  beatId: string;
  delta: number;
  hits: number;
  from: number;
  to: number;
}

/**
 * The beats whose landmarks occur in `query` at a constant time offset, strongest first: every beat
 * past MIN_ALIGNED_HITS is listed (beats built from the same loops can share bars; none is picked
 * over another that matches as well), each with its spans in the recording and in the beat.
 */
export async function matchLandmarks(em: EntityManager, query: Landmarks): Promise<BeatMatch[]> {
  if (query.hashes.length === 0) return [];
  // Grouped by landmark set and offset in the database; only strong alignments come back.
  const rows = await em.execute<{ set_id: number; beat_id: string; delta: number; hits: number; qfrom: number; qto: number }[]>(
    `with q(hash, qframe) as (select * from unnest(?::int[], ?::int[])),
     aligned as (
       select l.set_id, l.frame - q.qframe as delta, count(*)::int as hits, min(q.qframe) as qfrom, max(q.qframe) as qto
         from q join beat_landmarks l on l.hash = q.hash
        group by l.set_id, l.frame - q.qframe
       having count(*) >= ?
        order by hits desc limit ?)
     select a.set_id, s.beat_id, a.delta, a.hits, a.qfrom, a.qto from aligned a join beat_landmark_sets s on s.id = a.set_id`,
    [intArray(query.hashes), intArray(query.frames), Math.max(2, Math.floor(MIN_ALIGNED_HITS / 4)), CANDIDATES],
  );
  return matchesOf(rows.map((r) => ({ setId: r.set_id, beatId: r.beat_id, delta: r.delta, hits: r.hits, from: r.qfrom, to: r.qto })));
}

/** Joins neighbouring alignments of one beat, keeps the strong ones, groups them by beat. */
export function matchesOf(alignments: readonly Alignment[]): BeatMatch[] {
  const byBeat = new Map<string, Alignment[]>();
  for (const a of [...alignments].sort((x, y) => y.hits - x.hits)) {
    const list = byBeat.get(a.beatId) ?? [];
    const near = list.find((b) => Math.abs(b.delta - a.delta) <= ALIGNMENT_TOLERANCE);
    if (near) {
      near.hits += a.hits;
      near.from = Math.min(near.from, a.from);
      near.to = Math.max(near.to, a.to);
    } else list.push({ ...a });
    byBeat.set(a.beatId, list);
  }
  const matches: BeatMatch[] = [];
  for (const [beatId, list] of byBeat) {
    const spans = list
      .filter((a) => a.hits >= MIN_ALIGNED_HITS)
      .sort((x, y) => y.hits - x.hits)
      .map((a) => span(a));
    if (spans.length === 0) continue;
    matches.push({ beatId, hits: spans[0].hits, confidence: spans[0].confidence, spans });
  }
  return matches.sort((x, y) => y.hits - x.hits || x.beatId.localeCompare(y.beatId));
}

const seconds = (frames: number) => Math.round(frames * LANDMARK_FRAME_SECONDS * 100) / 100;

function span(a: Alignment): MatchSpan {
  // An anchor's pair reaches up to its target; the last anchor's frame plus one frame closes the span.
  return {
    hits: a.hits,
    confidence: Math.min(1, Math.round((a.hits / FULL_CONFIDENCE_HITS) * 100) / 100),
    recordingStart: seconds(a.from),
    recordingEnd: seconds(a.to + 1),
    beatStart: seconds(a.from + a.delta),
    beatEnd: seconds(a.to + 1 + a.delta),
  };
}
