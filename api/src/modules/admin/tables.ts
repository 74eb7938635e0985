/**
 * The tables this module owns: only its own code names them in SQL or queries their entities;
 * other modules ask its service. test/architecture/table-ownership.test.ts holds every module to it.
 */
export const OWNED_TABLES = ['admin_audit_entries', 'admin_daily_stats', 'admin_daily_deltas'] as const;
