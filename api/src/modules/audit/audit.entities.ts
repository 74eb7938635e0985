import { AuditEvent } from './audit-event.entity';

export const auditEntities = [AuditEvent];
