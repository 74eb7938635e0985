/**
 * The public surface of the support module: other modules import only this file (eslint.config.mjs
 * enforces it). Services are exported as types: the composition root (core.ts) builds them and hands
 * them to the modules that need them, so importing this file loads no service.
 */
export type { SupportService } from './support.service';
export type { RefundRequestsService } from './refund-requests.service';
