import { User } from './user.entity';

/** The accounts module's tables. */
export const accountsEntities = [User];
