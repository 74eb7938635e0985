import type { AccountsService } from './modules/accounts/accounts.service';
import type { CatalogService } from './modules/catalog/catalog.service';
import type { BeatsService } from './modules/beats/beats.service';
import type { GenerationRunner } from './modules/beats/generation-runner';
import type { TokensService } from './modules/billing/tokens.service';
import type { BillingService } from './modules/billing/billing.service';
import type { DatasetService } from './modules/catalog/dataset.service';
import type { ShowcaseService } from './modules/showcase/showcase.service';
import type { PlatformStatsService } from './modules/showcase/platform-stats.service';
import type { MyUploadsService } from './modules/catalog/my-uploads.service';
import type { ProducersService } from './modules/producers/producers.service';
import type { LicencesService } from './modules/licences/licences.service';
import type { User } from './modules/accounts/user.entity';
import type { VerifiedToken } from './platform/auth/token-verifier';

/** The domain services, built once in app.ts and handed to resolvers (context) and REST routes. */
export interface Services {
  readonly accounts: AccountsService;
  readonly catalog: CatalogService;
  readonly beats: BeatsService;
  /** Runs generation jobs, and fails (refunding) the ones left stranded. */
  readonly generation: GenerationRunner;
  readonly tokens: TokensService;
  readonly billing: BillingService;
  readonly dataset: DatasetService;
  readonly showcase: ShowcaseService;
  /** The landing page's live figures. */
  readonly platformStats: PlatformStatsService;
  readonly producers: ProducersService;
  /** A producer's own uploads: list, tags, withdrawal. */
  readonly myUploads: MyUploadsService;
  /** Licence offers, checkout, the buyer's licences and their files, verification. */
  readonly licences: LicencesService;
  /** The user behind a verified token, with their token cycle brought up to date. */
  readonly resolveUser: (token: VerifiedToken) => Promise<User>;
}
