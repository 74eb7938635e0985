import type { AccountsService } from './modules/accounts/accounts.service';
import type { CatalogService } from './modules/catalog/catalog.service';
import type { BeatsService } from './modules/beats/beats.service';
import type { GenerationRunner } from './modules/beats/generation-runner';
import type { CreditsService } from './modules/billing/credits.service';
import type { BillingAccounts } from './modules/billing/billing-accounts.service';
import type { BillingService } from './modules/billing/billing.service';
import type { DatasetService } from './modules/catalog/dataset.service';
import type { ShowcaseService } from './modules/showcase/showcase.service';
import type { PlatformStatsService } from './modules/showcase/platform-stats.service';
import type { MyUploadsService } from './modules/catalog/my-uploads.service';
import type { ProducersService } from './modules/producers/producers.service';
import type { LicenceFilesService } from './modules/licence-files/licence-files.service';
import type { MailOutbox } from './platform/mail/mail-outbox';
import type { LicencesService } from './modules/licences/licences.service';
import type { User } from './modules/accounts/user.entity';
import type { EarningsService } from './modules/earnings/earnings.service';
import type { PayoutRunner } from './modules/earnings/payouts/payout-runner';
import type { ProviderRefunds } from './modules/earnings/payouts/provider-refunds';
import type { EarningsViewService } from './modules/earnings/view/earnings-view.service';
import type { EarningsChartsService } from './modules/earnings/charts/earnings-charts.service';
import type { AdminService } from './modules/admin/admin.service';
import type { VerifiedToken } from './platform/auth/token-verifier';
import type { AccessTokensService } from './modules/access-tokens/access-tokens.service';
import type { SupportService } from './modules/support/support.service';
import type { RefundRequestsService } from './modules/support/refund-requests.service';
import type { ContentIdService } from './modules/content-id';
import type { SharingService } from './modules/sharing/sharing.service';

/** The domain services, built once in app.ts and handed to resolvers (context) and REST routes. */
export interface Services {
  /** Personal access tokens: create, list, revoke, and their lookup for the token verifier. */
  readonly accessTokens: AccessTokensService;
  readonly accounts: AccountsService;
  readonly catalog: CatalogService;
  readonly beats: BeatsService;
  /** Runs generation jobs, and fails (refunding) the ones left stranded. */
  readonly generation: GenerationRunner;
  /** Generation credits: spend, refund, cycles, the ledger (the pages call them tokens). */
  readonly credits: CreditsService;
  /** Billing's state of each account (level, plan, credits, cycle): the one way other modules read it. */
  readonly billingAccounts: BillingAccounts;
  readonly billing: BillingService;
  readonly dataset: DatasetService;
  readonly showcase: ShowcaseService;
  /** The landing page's live figures. */
  readonly platformStats: PlatformStatsService;
  readonly producers: ProducersService;
  /** A producer's own uploads: list, tags, withdrawal. */
  readonly myUploads: MyUploadsService;
  /** The files a licence delivers (audio, stems, PDF): the licences module's LicenceFilesPort. */
  readonly licenceFiles: LicenceFilesService;
  /** Outgoing mail (receipts): enqueued once per dedup key, sent with retries. */
  readonly mail: MailOutbox;
  /** Producers' earnings from licence sales (the licences module's EarningsPort) and their view. */
  readonly earnings: EarningsService;
  /** Pays producers after commit: transfer and reversal jobs, the sweep. */
  readonly payoutRunner: PayoutRunner;
  /** Refunds and lost disputes Stripe reports (the licences module may register its handler). */
  readonly providerRefunds: ProviderRefunds;
  /** A producer's earnings as /contributor-setup shows them. */
  readonly earningsView: EarningsViewService;
  readonly earningsCharts: EarningsChartsService;
  /** The admin dashboard: lists, totals, token balances, refunds, the audit log. */
  readonly admin: AdminService;
  /** Licence offers, checkout, the buyer's licences and their files, verification. */
  readonly licences: LicencesService;
  /** Messages to support (/contact) and the admin Inbox. */
  readonly support: SupportService;
  /** The self-service 30-day money-back guarantee: requests, approval, decline. */
  readonly refundRequests: RefundRequestsService;
  /** Content identification: beats' landmark fingerprints, their backfill, identifying recordings. */
  readonly contentId: ContentIdService;
  /** Public beat pages: share, unshare, the public view, its audio and its plays. */
  readonly sharing: SharingService;
  /** The user behind a verified token, with their credit cycle brought up to date. */
  readonly resolveUser: (token: VerifiedToken) => Promise<User>;
}
