import { DRUM_TYPES } from '../../audio';
import { notFound } from '../../platform/errors';
import type { CatalogService } from '../catalog';
import type { Key, Mode } from '../../shared/music-theory';
import { tagKey } from '../catalog';
import type { PlannedComposition, PlannedDrumLoop } from './arrangement-planner';
import type { BeatSelection } from './beat-selection';
import { fxKindsFor, type PlannedFx } from './fx-placement';
import type { PromptIntent, TagWants } from './prompt/prompt-parser';
import { presentReading } from './prompt/prompt-reading';
import { movementSeed } from './section-movement';
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
 * genre's kit near the beat's tempo, and the riser and impact the genre takes, from the catalogue's candidates.
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

  const fx = await chooseFx(catalog, genre, drumWants, bpm, key, [composition.id, ...drums.map((d) => d.sampleId)]);

  const planned: PlannedComposition = {
    id: composition.id,
    bpm: composition.bpm,
    bars: composition.bars,
    key: composition.key,
    mode: composition.mode,
    stems: composition.stems.map((s) => ({ sampleId: s.sampleId, instrument: s.instrument, producerId: composition.producerId })),
  };
  return { selection: { genre, composition: planned, drums, ...(fx.length ? { fx } : {}), reading: presentReading(intent) }, bpm, key, mode };
}

/**
 * The riser and the impact a genre takes (fx-placement.ts), from the catalogue's one-shots near the
 * beat's tempo, ranked like drum loops. Seeded by the loops already chosen (not by the generation's
 * draws, which go on to the structure as before): the same loops always get the same effects. None
 * when the catalogue has none of a kind.
 */
async function chooseFx(catalog: LoopSource, genre: string | null, wanted: string[], bpm: number, key: Key, chosen: readonly string[]): Promise<PlannedFx[]> {
  const kinds = fxKindsFor(genre);
  if (!kinds.length) return [];
  const random = movementSeed(['fx', ...chosen].join('|'));
  const fx: PlannedFx[] = [];
  for (const kind of kinds) {
    const candidates = await catalog.drumCandidates('FX', wanted, bpm, CANDIDATES, chosen.join('|'), kind);
    const one = chooseDrumLoop(candidates, bpm, key, random);
    if (one) fx.push({ sampleId: one.id, drumType: 'FX', fx: kind, bpm: one.bpm, bars: one.bars, key: null, producerId: one.producerId });
  }
  return fx;
}
