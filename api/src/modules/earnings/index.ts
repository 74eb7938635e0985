/**
 * The public surface of the earnings module: other modules import only this file (eslint.config.mjs
 * enforces it). Services are exported as types: the composition root (core.ts) builds them and hands
 * them to the modules that need them, so importing this file loads no service.
 */
export type { EarningsService } from './earnings.service';
export type { EarningsPort } from './earnings.types';
export type { ProviderRefund, ProviderRefunds } from './payouts/provider-refunds';
