import type { BeatsService } from '../beats';
import type { CatalogService } from '../catalog';
import type { AccountsService } from '../accounts';

/** The landing page's figures, all read from the database. */
export interface PlatformStats {
  /** People who have uploaded sounds to the catalogue (the demo library's credits are not people). */
  readonly producers: number;
  /** First and full beats listeners generated since the start of this calendar month (UTC). */
  readonly beatsThisMonth: number;
}

/** Answers are reused for this long: the landing page asks on every visit. */
export const PLATFORM_STATS_TTL_MS = 60_000;

/** The first moment of the calendar month (UTC) that `now` falls in. */
export const startOfMonthUtc = (now: Date): Date => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Live platform figures for the landing page, through the catalog, beats and accounts services. */
export class PlatformStatsService {
  private cached: { readonly at: number; readonly stats: Promise<PlatformStats> } | null = null;

  constructor(
    private readonly deps: {
      readonly catalog: Pick<CatalogService, 'producerCount'>;
      readonly beats: Pick<BeatsService, 'generatedSince'>;
      readonly accounts: Pick<AccountsService, 'systemAccountIds'>;
      readonly now?: () => Date;
    },
  ) {}

  /** The figures, at most a minute old. */
  stats(): Promise<PlatformStats> {
    const now = this.deps.now?.() ?? new Date();
    if (this.cached && now.getTime() - this.cached.at < PLATFORM_STATS_TTL_MS) return this.cached.stats;
    const stats = this.read(now);
    this.cached = { at: now.getTime(), stats };
    // A failed read is not kept: the next visit asks again.
    stats.catch(() => {
      if (this.cached?.stats === stats) this.cached = null;
    });
    return stats;
  }

  private async read(now: Date): Promise<PlatformStats> {
    // The landing page's sample beats are made by a system account: they are not listeners' beats.
    const system = await this.deps.accounts.systemAccountIds();
    const [producers, beatsThisMonth] = await Promise.all([
      this.deps.catalog.producerCount(),
      this.deps.beats.generatedSince(startOfMonthUtc(now), { excludeOwners: system }),
    ]);
    return { producers, beatsThisMonth };
  }
}
