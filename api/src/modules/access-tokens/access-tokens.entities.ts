import { AccessToken } from './access-token.entity';

/** The access-tokens module's tables. */
export const accessTokensEntities = [AccessToken];
