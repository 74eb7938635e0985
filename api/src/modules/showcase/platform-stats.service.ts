import type { BeatsService } from '../beats/beats.service';
import type { CatalogService } from '../catalog/catalog.service';

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

/** Live platform figures for the landing page, through the catalog and beats services. */
export class PlatformStatsService {
  private cached: { readonly at: number; readonly stats: Promise<PlatformStats> } | null = null;

  constructor(private readonly deps: { readonly catalog: CatalogService; readonly beats: BeatsService; readonly now?: () => Date }) {}

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
    const [producers, beatsThisMonth] = await Promise.all([
      this.deps.catalog.producerCount(),
      this.deps.beats.generatedSince(startOfMonthUtc(now)),
    ]);
    return { producers, beatsThisMonth };
  }
}
