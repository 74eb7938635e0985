import { Migration } from '@mikro-orm/migrations';

/**
 * The admin charts' daily roll-up (docs/decisions.md, "Admin charts"). Each source table gets three
 * statement-level triggers (insert, update, delete; PostgreSQL allows transition tables only on
 * one-event triggers) that append, per UTC day and metric, what the statement added minus what it
 * took away to admin_daily_deltas: one small append per statement, never an update of a shared
 * row, so concurrent writes never wait for each other. Reading the charts compacts the deltas into
 * admin_daily_stats. The roll-up always equals the same grouped query over the source tables.
 */
const DAY = (column: string) => `(${column} at time zone 'UTC')::date`;

/** Per source table: the (day, metric, v) rows one row of it contributes, over a relation named R. */
const SOURCES: Record<string, string> = {
  users: `select ${DAY('created_at')} as day, 'accounts_new'::text as metric, 1::bigint as v from R`,
  beats: `select ${DAY('created_at')} as day, 'beats_generated'::text as metric, 1::bigint as v from R`,
  subscription_payments: `select ${DAY('paid_at')} as day, 'subscription_gross_cents'::text as metric, amount_cents::bigint as v from R
      union all select ${DAY('coalesce(refunded_at, paid_at)')}, 'subscription_refund_cents', refunded_cents::bigint from R where refunded_cents <> 0
      union all select ${DAY('paid_at')}, 'plan_payments:' || level, 1::bigint from R
      union all select ${DAY('paid_at')}, 'plan_cents:' || level, (amount_cents - refunded_cents)::bigint from R`,
  earnings_orders: `select ${DAY('created_at')} as day, 'licence_gross_cents'::text as metric, gross_cents::bigint as v from R
      union all select ${DAY('created_at')}, 'licence_orders', 1::bigint from R`,
  earnings_refunds: `select ${DAY('created_at')} as day, 'licence_refund_cents'::text as metric, refunded_cents::bigint as v from R`,
  earnings_transfers: `select ${DAY('created_at')} as day, 'payout_cents:' || state as metric, (amount_cents - reversed_cents)::bigint as v from R
      union all select ${DAY('created_at')}, 'payouts:' || state, 1::bigint from R`,
};

const of = (table: string, relation: string) => SOURCES[table].replace(/\bR\b/g, relation);
const append = (body: string) =>
  `insert into admin_daily_deltas (day, metric, value) select day, metric, sum(v) from (${body}) c group by day, metric having sum(v) <> 0;`;

function triggerSql(table: string): string[] {
  const fn = `admin_daily_${table}`;
  return [
    `create or replace function ${fn}() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    ${append(of(table, 'new_rows'))}
  elsif tg_op = 'DELETE' then
    ${append(`select day, metric, -v as v from (${of(table, 'old_rows')}) o`)}
  else
    ${append(`${of(table, 'new_rows')} union all select day, metric, -v from (${of(table, 'old_rows')}) o`)}
  end if;
  return null;
end $$;`,
    `create trigger ${fn}_insert after insert on "${table}" referencing new table as new_rows for each statement execute function ${fn}();`,
    `create trigger ${fn}_update after update on "${table}" referencing old table as old_rows new table as new_rows for each statement execute function ${fn}();`,
    `create trigger ${fn}_delete after delete on "${table}" referencing old table as old_rows for each statement execute function ${fn}();`,
  ];
}

export class Migration20261127231146 extends Migration {

  override async up(): Promise<void> {
    this.addSql(`create table "admin_daily_deltas" ("id" bigserial primary key, "day" date not null, "metric" text not null, "value" bigint not null);`);
    this.addSql(`create index "admin_daily_deltas_day_index" on "admin_daily_deltas" ("day");`);

    this.addSql(`create table "admin_daily_stats" ("day" date not null, "metric" text not null, "value" bigint not null, constraint "admin_daily_stats_pkey" primary key ("day", "metric"));`);

    // What is already there, then the triggers that keep it current.
    for (const table of Object.keys(SOURCES)) {
      this.addSql(`insert into admin_daily_stats (day, metric, value) select day, metric, sum(v) from (${of(table, `"${table}"`)}) c group by day, metric having sum(v) <> 0
        on conflict (day, metric) do update set value = admin_daily_stats.value + excluded.value;`);
      for (const sql of triggerSql(table)) this.addSql(sql);
    }
  }

  override async down(): Promise<void> {
    for (const table of Object.keys(SOURCES)) {
      for (const event of ['insert', 'update', 'delete']) this.addSql(`drop trigger if exists admin_daily_${table}_${event} on "${table}";`);
      this.addSql(`drop function if exists admin_daily_${table}();`);
    }
    this.addSql(`drop table if exists "admin_daily_deltas" cascade;`);

    this.addSql(`drop table if exists "admin_daily_stats" cascade;`);
  }

}
