import type { MikroORM } from '@mikro-orm/postgresql';
import type { CatalogService, ContributorLoop } from '../catalog';

/** One of a producer's loops and how many beats were made with it. */
export interface LoopUsage extends ContributorLoop {
  readonly beats: number;
}

/** The longest list a producer's earnings page shows. */
export const LOOP_USAGE_LIMIT = 500;

/**
 * A contributor's loops (melody compositions and drum loops, withdrawn ones too, from the
 * catalogue's service) with the number of beats made with each: every beat row whose selection
 * names it (a first beat, its full version and each edit are beats of their own). Only the beats
 * crediting the contributor are read. Most used first, then newest.
 */
export async function loopUsage(orm: MikroORM, catalog: Pick<CatalogService, 'contributorLoops'>, contributorId: string): Promise<LoopUsage[]> {
  const [loops, counts] = await Promise.all([catalog.contributorLoops(contributorId), beatsBySample(orm, contributorId)]);
  return loops
    .map((loop) => ({ ...loop, beats: counts.get(loop.id) ?? 0 }))
    .sort((a, b) => b.beats - a.beats || b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, LOOP_USAGE_LIMIT);
}

/** For each sample a beat crediting the contributor was made with (its composition and drum loops): how many such beats. */
async function beatsBySample(orm: MikroORM, contributorId: string): Promise<Map<string, number>> {
  const rows = await orm.em.fork().execute<{ sample_id: string; beats: number }[]>(
    `with credited as (select id, selection from beats where producer_shares @> ?::jsonb),
          used as (
            select selection->'composition'->>'id' as sample_id, id as beat_id from credited
            union all
            select d->>'sampleId', c.id from credited c cross join lateral jsonb_array_elements(coalesce(c.selection->'drums', '[]'::jsonb)) d
          )
     select sample_id, count(distinct beat_id)::int as beats from used where sample_id is not null group by sample_id`,
    [JSON.stringify([{ producerId: contributorId }])],
  );
  return new Map(rows.map((r) => [r.sample_id, r.beats]));
}
