import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { AuditAction } from './audit-event.entity';

export interface AuditEventInput {
  readonly userId: string;
  readonly action: AuditAction;
  readonly targetType: string;
  readonly targetId: string;
  readonly details?: Record<string, unknown>;
}

export interface AuditEventView {
  readonly id: string;
  readonly action: AuditAction;
  readonly targetType: string;
  readonly targetId: string;
  readonly details: Record<string, unknown> | null;
  readonly createdAt: Date;
}

/** How many events a user's list shows. */
export const AUDIT_LIST_LIMIT = 50;

/**
 * The users' audit log (a minimal one: a later issue builds full auditing). `record` writes with the
 * caller's transaction, so the action and its event commit together or not at all.
 */
export class AuditService {
  constructor(private readonly deps: { readonly orm: MikroORM }) {}

  /** Writes one event inside `em`'s transaction. */
  async record(em: EntityManager, event: AuditEventInput): Promise<void> {
    await em.execute(
      'insert into audit_events (id, user_id, action, target_type, target_id, details, created_at) values (gen_random_uuid(), ?, ?, ?, ?, ?::jsonb, now())',
      [event.userId, event.action, event.targetType, event.targetId, event.details ? JSON.stringify(event.details) : null],
    );
  }

  /** The user's latest events about one kind of target, newest first. */
  async listFor(userId: string, targetType: string, limit = AUDIT_LIST_LIMIT): Promise<AuditEventView[]> {
    const rows = await this.deps.orm.em.fork().execute<{ id: string; action: AuditAction; target_type: string; target_id: string; details: Record<string, unknown> | string | null; created_at: Date }[]>(
      'select id, action, target_type, target_id, details, created_at from audit_events where user_id = ? and target_type = ? order by created_at desc, id desc limit ?',
      [userId, targetType, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      details: typeof row.details === 'string' ? (JSON.parse(row.details) as Record<string, unknown>) : row.details,
      createdAt: new Date(row.created_at),
    }));
  }
}
