import { AdminAuditEntry } from './audit-entry.entity';

/** The admin module's tables. */
export const adminEntities = [AdminAuditEntry];
