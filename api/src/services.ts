import type { AccountsService } from './modules/accounts/accounts.service';
import type { CatalogService } from './modules/catalog/catalog.service';
import type { BeatsService } from './modules/beats/beats.service';

/** The domain services, built once in app.ts and handed to resolvers (context) and REST routes. */
export interface Services {
  readonly accounts: AccountsService;
  readonly catalog: CatalogService;
  readonly beats: BeatsService;
}
