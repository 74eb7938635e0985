import { DRUM_TYPES } from '../../audio/render/arrangement';
import { notFound } from '../../platform/errors';
import type { CatalogService } from '../catalog';
import type { Key, Mode } from '../../shared/music-theory';
import { tagKey } from '../catalog';
import type { PlannedComposition, PlannedDrumLoop } from './arrangement-planner';
import type { BeatSelection } from './beat-selection';
import type { PromptIntent, TagWants } from './prompt/prompt-parser';
import { presentReading } from './prompt/prompt-reading';
import { beatTempo, chooseComposition, chooseDrumLoop, drumTypesFor, type Random } from './sample-selection';

const CANDIDATES = 60;

/** `kind:value` keys a generation looks for. */
export const wantedKeys = (wants: TagWants): string[] => [
  ...wants.artists.map((v) => `artist:${tagKey(v)}`),
  ...wants.genres.map((v) => `genre:${tagKey(v)}`),
  ...wants.moods.map((v) => `mood:${tagKey(v)}`),
  ...wants.instruments.map((v) => `instrument:${tagKey(v)}`),
  ...wants.tempoStyles.map((v) => `tempo:${tagKey(v)}`),
];

/** The genre a composition is tagged with first, when the prompt named none. */
function compositionGenre(tagKeys: readonly string[]): string | null {
  const genre = tagKeys.find((k) => k.startsWith('genre:'));
  return genre ? genre.slice('genre:'.length) : null;
}

/** What loop choice needs of the catalogue. */
export type LoopSource = Pick<CatalogService, 'compositionCandidates' | 'drumCandidates'>;

export interface LoopChoice {
  readonly selection: BeatSelection;
  readonly bpm: number;
  readonly key: Key;
  readonly mode: Mode;
}

/**
 * Chooses a beat's loops for a read prompt: the composition by tags (weighted by kind), mode
 * leaning and tempo wish (an explicit key, mode or BPM wins), then one drum loop per type of the
 * genre's kit near the beat's tempo, from the catalogue's candidates.
 */
export async function chooseLoops(catalog: LoopSource, intent: PromptIntent, random: Random, shuffleKey: () => string): Promise<LoopChoice> {
  const wanted = wantedKeys(intent.melody);
  const compositions = await catalog.compositionCandidates(wanted, CANDIDATES, shuffleKey());
  const composition = chooseComposition(
    compositions,
    { bpm: intent.bpm, key: intent.key, mode: intent.mode, modeLean: intent.modeLean?.mode ?? null, tempoRange: intent.tempoWish, wanted },
    random,
  );
  if (!composition) throw notFound('No samples are available yet. Please try again later.');
  const genre = intent.melody.genres[0] ?? compositionGenre(composition.tagKeys);
  const bpm = intent.bpm ?? beatTempo(composition.bpm, intent.tempoWish);
  const key = intent.key ?? composition.key;
  const mode = intent.mode ?? composition.mode;

  const drumWants = wantedKeys(intent.drums ?? intent.melody);
  const drumGenre = intent.drums?.genres[0] ?? genre;
  const types = drumTypesFor(drumGenre, DRUM_TYPES);
  const candidates = await Promise.all(types.map((drumType) => catalog.drumCandidates(drumType, drumWants, bpm, CANDIDATES, shuffleKey())));
  const drums: PlannedDrumLoop[] = [];
  types.forEach((drumType, i) => {
    const loop = chooseDrumLoop(candidates[i], bpm, key, random);
    if (loop) drums.push({ sampleId: loop.id, drumType, bpm: loop.bpm, bars: loop.bars, key: loop.key, producerId: loop.producerId });
  });

  const planned: PlannedComposition = {
    id: composition.id,
    bpm: composition.bpm,
    bars: composition.bars,
    key: composition.key,
    mode: composition.mode,
    stems: composition.stems.map((s) => ({ sampleId: s.sampleId, instrument: s.instrument, producerId: composition.producerId })),
  };
  return { selection: { genre, composition: planned, drums, reading: presentReading(intent) }, bpm, key, mode };
}
