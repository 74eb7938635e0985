/**
 * The public surface of the admin module: other modules import only this file (eslint.config.mjs
 * enforces it). Services are exported as types: the composition root (core.ts) builds them and hands
 * them to the modules that need them, so importing this file loads no service.
 */
export type { AdminService } from './admin.service';
export type { AdminOrderRow, OrdersSource } from './orders-source.types';
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageOf, pageRequest, type PageOf, type PageRequest } from './pagination';
