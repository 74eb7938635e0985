import type { EntityManager } from '@mikro-orm/postgresql';
import type { DrumType, Key, Mode } from '../../shared/music-theory';
import { allFxKindTagKeys, FX_KIND_BARS, fxKindTagKeys, type FxKind } from './fx-kinds';
import { TAG_KINDS, type TagKind } from './tags';

/** A composition as generation sees it: enough to rank, arrange and credit it. */
export interface CompositionCandidate {
  readonly id: string;
  readonly producerId: string;
  readonly bpm: number;
  readonly bars: number;
  readonly key: Key;
  readonly mode: Mode;
  readonly tagKeys: string[];
  /** How many of the wanted tags it carries. */
  readonly matches: number;
  readonly stems: { sampleId: string; instrument: string | null }[];
}

export interface DrumCandidate {
  readonly id: string;
  readonly producerId: string;
  readonly drumType: DrumType;
  readonly bpm: number;
  readonly bars: number;
  readonly key: Key | null;
  readonly tagKeys: string[];
  readonly matches: number;
}

/** A PostgreSQL array literal: the query builder would otherwise spread a JS array into a list. */
const pgArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

const OVERLAP = 'cardinality(array(select unnest(tag_keys) intersect select unnest(?::text[])))';

/**
 * Ties are broken by a hash of each row's id and the caller's `shuffle` key: a fresh key spreads
 * the choice (the same prompt twice gives different beats) and a seeded one repeats it exactly
 * (GENERATION_SEED), which PostgreSQL's random order could not.
 */
const shuffled = (alias: string) => `md5(${alias}.id::text || ?)`;

/**
 * Candidates that share at least one wanted tag (GIN index on `tag_keys`), best overlap first; with
 * no wanted tags, or none matching, a random spread of the catalogue (the broad fallback).
 */
export async function compositionCandidates(em: EntityManager, wantedTags: string[], limit: number, shuffle: string): Promise<CompositionCandidate[]> {
  const wanted = pgArray(wantedTags);
  const connection = em.getConnection();
  const select = `select c.id, c.contributor_id, c.bpm, c.bars, c.key, c.mode, c.tag_keys, ${OVERLAP} as matches,
      (select json_agg(json_build_object('sampleId', s.id, 'instrument', s.instrument) order by s.position)
         from melody_stems s where s.composition_id = c.id) as stems
    from melody_compositions c`;
  type Row = { id: string; contributor_id: string; bpm: number; bars: number; key: Key; mode: Mode; tag_keys: string[]; matches: number; stems: { sampleId: string; instrument: string | null }[] };
  let rows: Row[] = [];
  if (wantedTags.length) {
    rows = await connection.execute<Row[]>(`${select} where c.withdrawn_at is null and c.tag_keys && ?::text[] order by matches desc, ${shuffled('c')} limit ?`, [wanted, wanted, shuffle, limit]);
  }
  if (!rows.length) rows = await connection.execute<Row[]>(`${select} where c.withdrawn_at is null order by ${shuffled('c')} limit ?`, [wanted, shuffle, limit]);
  return rows.map((r) => ({
    id: r.id, producerId: r.contributor_id, bpm: r.bpm, bars: r.bars, key: r.key, mode: r.mode, tagKeys: r.tag_keys,
    matches: Number(r.matches), stems: r.stems ?? [],
  }));
}

/** The extra condition (and its parameters) on FX samples: the one-shots of a kind, or the loops when `fx` is null. */
function fxCondition(drumType: DrumType, fx: FxKind | null): [string, unknown[]] {
  if (drumType !== 'FX') return ['', []];
  if (fx === null) return [' and not (d.tag_keys && ?::text[])', [pgArray(allFxKindTagKeys())]];
  const bars = ` and d.bars in (${FX_KIND_BARS[fx].map(() => '?').join(', ')})`;
  // A sample naming both kinds is a riser.
  const other = fx === 'impact' ? ' and not (d.tag_keys && ?::text[])' : '';
  return [` and d.tag_keys && ?::text[]${bars}${other}`, [pgArray(fxKindTagKeys(fx)), ...FX_KIND_BARS[fx], ...(other ? [pgArray(fxKindTagKeys('riser'))] : [])]];
}

/**
 * Drum loops of one type, ranked like compositions; `bpmNear` keeps them within a stretchable range.
 * FX: `fx` asks for the one-shots of a kind (fx-kinds.ts); without it, the FX loops only.
 */
export async function drumCandidates(
  em: EntityManager,
  drumType: DrumType,
  wantedTags: string[],
  bpmNear: number,
  limit: number,
  shuffle: string,
  fx: FxKind | null = null,
): Promise<DrumCandidate[]> {
  const wanted = pgArray(wantedTags);
  const connection = em.getConnection();
  // FX: a one-shot of the kind asked for (of a length it can be placed at), or, with none asked, an FX loop (no one-shot).
  const [kind, kindParams] = fxCondition(drumType, fx);
  // Stretching more than about a third sounds unnatural: prefer loops within that range (or at half/double time).
  const range = `(d.bpm between ? * 0.75 and ? * 1.33 or d.bpm between ? * 1.5 and ? * 2.66 or d.bpm between ? * 0.375 and ? * 0.665)`;
  const rangeParams = [bpmNear, bpmNear, bpmNear, bpmNear, bpmNear, bpmNear];
  const select = `select d.id, d.contributor_id, d.drum_type, d.bpm, d.bars, d.key, d.tag_keys, ${OVERLAP} as matches from drum_loops d`;
  type Row = { id: string; contributor_id: string; drum_type: DrumType; bpm: number; bars: number; key: Key | null; tag_keys: string[]; matches: number };
  const tiers: [string, unknown[]][] = [];
  if (wantedTags.length) tiers.push([`where d.withdrawn_at is null and d.drum_type = ?${kind} and d.tag_keys && ?::text[] and ${range} order by matches desc, ${shuffled('d')}`, [drumType, ...kindParams, wanted, ...rangeParams]]);
  tiers.push([`where d.withdrawn_at is null and d.drum_type = ?${kind} and ${range} order by matches desc, ${shuffled('d')}`, [drumType, ...kindParams, ...rangeParams]]);
  tiers.push([`where d.withdrawn_at is null and d.drum_type = ?${kind} order by matches desc, ${shuffled('d')}`, [drumType, ...kindParams]]);
  for (const [where, params] of tiers) {
    const rows = await connection.execute<Row[]>(`${select} ${where} limit ?`, [wanted, ...params, shuffle, limit]);
    if (rows.length) {
      return rows.map((r) => ({
        id: r.id, producerId: r.contributor_id, drumType: r.drum_type, bpm: r.bpm, bars: r.bars, key: r.key, tagKeys: r.tag_keys, matches: Number(r.matches),
      }));
    }
  }
  return [];
}

/** Every tag the catalogue holds, by kind: the vocabulary prompts are read against. */
export async function tagVocabulary(em: EntityManager): Promise<Map<TagKind, Set<string>>> {
  const rows = await em.getConnection().execute<{ tag: string }[]>(
    `select distinct unnest(tag_keys) as tag from melody_compositions where withdrawn_at is null
     union select distinct unnest(tag_keys) from drum_loops where withdrawn_at is null`,
  );
  const vocabulary = new Map<TagKind, Set<string>>(TAG_KINDS.map((k) => [k, new Set<string>()]));
  for (const { tag } of rows) {
    const split = tag.indexOf(':');
    const kind = tag.slice(0, split) as TagKind;
    vocabulary.get(kind)?.add(tag.slice(split + 1));
  }
  return vocabulary;
}
