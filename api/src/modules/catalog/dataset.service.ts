import type { MikroORM } from '@mikro-orm/postgresql';
import { CONTRIBUTION_THRESHOLD, DATASET_GENRES, type DatasetGenreDefinition } from './dataset-genres';
import { tagKey } from './tags';

export interface DatasetGenreShare extends DatasetGenreDefinition {
  /** Percent of the counted sample files, two decimals; the 20 add up to 100.00 (or are all 0). */
  readonly share: number;
  /** Sample files counted towards the genre (a file tagged with two genres counts half to each). */
  readonly samples: number;
}

export interface DatasetShares {
  readonly genres: DatasetGenreShare[];
  /** Every sample file of the catalogue: melody stems and drum loops. */
  readonly totalSamples: number;
  /** Files tagged with at least one of the 20 genres (the basis of the shares). */
  readonly countedSamples: number;
  readonly contributionThreshold: number;
}

/** `genre:<tag>` keys and the index of the genre each counts towards. */
const MAPPING = DATASET_GENRES.flatMap((genre, index) => genre.tags.map((tag) => ({ key: `genre:${tagKey(tag)}`, index })));

const pgArray = (values: readonly string[]) => `{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/**
 * Weights to percentages with two decimals that add up to exactly 100 (largest remainder; ties to
 * the larger weight, then the earlier genre). All zero when nothing was counted.
 */
export function percentages(weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (!(sum > 0)) return weights.map(() => 0);
  const exact = weights.map((w) => (w / sum) * 10_000);
  const floors = exact.map((e) => Math.floor(e + 1e-9));
  let left = 10_000 - floors.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => i).sort((a, b) => exact[b] - floors[b] - (exact[a] - floors[a]) || exact[b] - exact[a] || a - b);
  for (const i of order) {
    if (left <= 0) break;
    floors[i]++;
    left--;
  }
  return floors.map((f) => f / 100);
}

/**
 * Our Dataset (requirements §P2): each genre's share of the catalogue's sample files, computed from the
 * samples' genre tags. Every melody stem and every drum loop on offer (not withdrawn) is one file; a file whose tags name
 * several of the 20 genres is split equally between them; files of none are not counted. The
 * result is reused until what is on offer changes (an upload, a withdrawal or a tag edit).
 */
export class DatasetService {
  private cached?: { version: string; shares: Promise<DatasetShares> };

  constructor(private readonly deps: { readonly orm: MikroORM }) {}

  async genreShares(): Promise<DatasetShares> {
    const version = await this.catalogueVersion();
    if (this.cached?.version !== version) {
      const shares = this.compute();
      this.cached = { version, shares };
      shares.catch(() => {
        if (this.cached?.shares === shares) this.cached = undefined;
      });
    }
    return this.cached.shares;
  }

  private async catalogueVersion(): Promise<string> {
    const [row] = await this.deps.orm.em.fork().getConnection().execute<{ version: string }[]>(
      // Counts and a checksum of the tags of what is offered: an upload, a withdrawal or a tag edit changes it.
      `select concat_ws('/',
          (select count(*) from melody_stems s join melody_compositions c on c.id = s.composition_id where c.withdrawn_at is null),
          (select count(*) from drum_loops where withdrawn_at is null),
          (select coalesce(sum(hashtext(array_to_string(tag_keys, ','))::bigint), 0) from melody_compositions where withdrawn_at is null),
          (select coalesce(sum(hashtext(array_to_string(tag_keys, ','))::bigint), 0) from drum_loops where withdrawn_at is null)) as version`,
    );
    return row.version;
  }

  private async compute(): Promise<DatasetShares> {
    const keys = pgArray(MAPPING.map((m) => m.key));
    const indexes = `{${MAPPING.map((m) => m.index).join(',')}}`;
    const connection = this.deps.orm.em.fork().getConnection();
    const rows = await connection.execute<{ genre: number; weight: number }[]>(
      `with mapping as (select * from unnest(?::text[], ?::int[]) as m(tag, genre)),
       samples as (
         select 'c' || c.id::text as sid, c.tag_keys,
                (select count(*) from melody_stems s where s.composition_id = c.id)::float8 as files
           from melody_compositions c where c.withdrawn_at is null and c.tag_keys && ?::text[]
         union all
         select 'd' || d.id::text, d.tag_keys, 1::float8 from drum_loops d where d.withdrawn_at is null and d.tag_keys && ?::text[]
       ),
       hits as (
         select distinct s.sid, s.files, m.genre
           from samples s cross join lateral unnest(s.tag_keys) as t(tag) join mapping m on m.tag = t.tag
       ),
       split as (select genre, files / count(*) over (partition by sid) as weight from hits)
       select genre, sum(weight)::float8 as weight from split group by genre`,
      [keys, indexes, keys, keys],
    );
    const [totals] = await connection.execute<{ total: number }[]>(
      `select ((select count(*) from melody_stems s join melody_compositions c on c.id = s.composition_id where c.withdrawn_at is null)
              + (select count(*) from drum_loops where withdrawn_at is null))::int as total`,
    );
    const weights = DATASET_GENRES.map((_, index) => Number(rows.find((r) => Number(r.genre) === index)?.weight ?? 0));
    const shares = percentages(weights);
    return {
      genres: DATASET_GENRES.map((genre, index) => ({ ...genre, share: shares[index], samples: Math.round(weights[index] * 100) / 100 })),
      totalSamples: Number(totals.total),
      countedSamples: Math.round(weights.reduce((a, b) => a + b, 0)),
      contributionThreshold: CONTRIBUTION_THRESHOLD,
    };
  }
}
