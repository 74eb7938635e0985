/**
 * The public surface of the producers module: other modules import only this file (eslint.config.mjs
 * enforces it). Services are exported as types: the composition root (core.ts) builds them and hands
 * them to the modules that need them, so importing this file loads no service.
 */
export type { ProducersService } from './producers.service';
export type { Producer } from './producer.entity';
export { notAProducer } from './producers.errors';
export { TransferRefused, type PayoutsPort } from './payouts/payouts-port';
export { CREATOR_SHARE_PERCENT, DEFAULT_PRICES_CENTS, formatDollars, type PricesCents } from './pricing';
export {
  DEFAULT_ADVANCED_LEASE, DEFAULT_EXCLUSIVE, DEFAULT_STANDARD_LEASE, LEASE_LABELS, LEASE_OPTION_FIELDS, UNLIMITED, formatTermValue,
  type ExclusiveTerms, type LeaseOptionField, type LeaseTerms,
} from './contract-terms';
