import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from '../../platform/logging/logger';
import type { PayoutsPort } from './payouts/payouts-port';
import type { Producer } from './producer.entity';
import { PayoutAccountEvents, type PayoutAccountReadyListener } from './payout-account-events';
import { PayoutAccounts, type PayoutDestination } from './payout-accounts';
import { ProducerDirectory, type SystemProducer } from './producer-directory';
import { ProducerRecords } from './producer-records';
import { ProducerSignup } from './producer-signup';
import { UploadAdmissions, type UploadAdmission } from './upload-admission';

export type { PayoutAccountReadyListener } from './payout-account-events';
export type { PayoutAccountView, PayoutDestination } from './payout-accounts';
export { viewOf } from './payout-accounts';
export type { SystemProducer } from './producer-directory';
export type { SignupResult } from './producer-signup';
export type { UploadAdmission } from './upload-admission';

export interface ProducersDeps {
  readonly orm: MikroORM;
  readonly payouts: PayoutsPort;
  readonly logger: Logger;
  /** The web app: onboarding returns to its /stripe-connect/success. */
  readonly webOrigin: string;
  readonly productName: string;
  readonly uploads: { readonly perDay: number };
  /** The account's subscription level (billing's): uploads need a plan that allows them. */
  readonly planLevelOf: (userId: string) => Promise<number>;
}

/**
 * The producers module, built from its units: a producer's record (profile, prices, terms,
 * agreement), signup, the payout account and the events that change it, upload admission, and the
 * directory other modules read. The producers' own routes and resolver use the units; the methods
 * below are what other modules ask of producers.
 */
export class ProducersService {
  readonly records: ProducerRecords;
  readonly signups: ProducerSignup;
  readonly payoutAccounts: PayoutAccounts;
  readonly payoutEvents: PayoutAccountEvents;
  readonly uploads: UploadAdmissions;
  readonly directory: ProducerDirectory;

  constructor(deps: ProducersDeps) {
    const { orm, payouts } = deps;
    this.records = new ProducerRecords({ orm, productName: deps.productName });
    this.payoutEvents = new PayoutAccountEvents({ orm, payouts, logger: deps.logger });
    this.payoutAccounts = new PayoutAccounts({ orm, payouts, webOrigin: deps.webOrigin, records: this.records, events: this.payoutEvents });
    this.signups = new ProducerSignup({ orm, payouts, payoutAccounts: this.payoutAccounts });
    this.uploads = new UploadAdmissions({ orm, uploads: deps.uploads, planLevelOf: deps.planLevelOf });
    this.directory = new ProducerDirectory({ orm });
  }

  get provider(): PayoutsPort['provider'] {
    return this.payoutAccounts.provider;
  }

  /** The user's producer record, or null. */
  producerOf(userId: string): Promise<Producer | null> {
    return this.records.producerOf(userId);
  }

  /** Asked by the catalogue before an upload is read (see UploadAdmissions). */
  admitUpload(user: { readonly id: string }): Promise<UploadAdmission> {
    return this.uploads.admitUpload(user);
  }

  /** Registers a listener for payout accounts that become able to receive transfers (the earnings module). */
  onPayoutAccountReady(listener: PayoutAccountReadyListener): void {
    this.payoutEvents.onReady(listener);
  }

  /** Where earnings of these producers (by producer or user id) are sent (see PayoutAccounts). */
  payoutDestinations(em: EntityManager, ids: readonly string[]): Promise<Map<string, PayoutDestination>> {
    return this.payoutAccounts.payoutDestinations(em, ids);
  }

  /** A local payout account's balance changes in the caller's transaction (see PayoutAccounts). */
  creditLocalBalance(em: EntityManager, accountId: string, deltaCents: number): Promise<boolean> {
    return this.payoutAccounts.creditLocalBalance(em, accountId, deltaCents);
  }

  /** The ids earnings may name a user's producer by. */
  producerKeys(userId: string): Promise<string[]> {
    return this.directory.producerKeys(userId);
  }

  /** Producers for the admin's list, newest first. */
  adminPage(offset: number, limit: number): ReturnType<ProducerDirectory['adminPage']> {
    return this.directory.adminPage(offset, limit);
  }

  /** The producer records of these accounts, for pricing and issuing licences. */
  licensingOf(userIds: readonly string[]): Promise<Producer[]> {
    return this.directory.licensingOf(userIds);
  }

  /** Producer names by user id, for the names shown on beats. */
  displayNames(userIds: readonly string[]): Promise<Map<string, string>> {
    return this.directory.displayNames(userIds);
  }

  /** Records for the system's own producers (the demo library's), in the caller's transaction. */
  ensureSystemProducers(em: EntityManager, producers: readonly SystemProducer[]): Promise<void> {
    return this.directory.ensureSystemProducers(em, producers);
  }
}
