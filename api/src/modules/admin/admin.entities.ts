import { AdminAuditEntry } from './audit-entry.entity';
import { AdminDailyDelta, AdminDailyStat } from './charts/daily-stat.entity';

/** The admin module's tables. */
export const adminEntities = [AdminAuditEntry, AdminDailyStat, AdminDailyDelta];
