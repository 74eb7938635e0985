import { User } from '../../modules/accounts/user.entity';
import { AppSecret } from './app-secret.entity';

/** Every entity of the api, listed explicitly: no folder scanning, the same under tsc and jest. */
export const ENTITIES = [AppSecret, User];
