/**
 * The public surface of the accounts module: other modules import only this file (eslint.config.mjs
 * enforces it). Services are exported as types: the composition root (core.ts) builds them and hands
 * them to the modules that need them, so importing this file loads no service.
 */
export type { AccountsService, AdminUserRow, SystemAccount } from './accounts.service';
export { User } from './user.entity';
export { COUNTRY_MESSAGE, NAME_MAX, isListedCountry, profileText } from './accounts.schemas';
