import { useState, type FormEvent } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from '../../../ui/chart-figure/ChartFigure';
import { CHART_AXIS, CHART_COLORS } from '../../../ui/chart-figure/chart-colors';
import { useAdminCharts, type ChartsRange, type RevenuePoint } from '../hooks/use-admin-charts';
import './AdminCharts.css';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** The last `days` days to today (UTC). */
export const lastDays = (days: number, today = new Date()): ChartsRange => ({ from: isoDay(new Date(today.getTime() - (days - 1) * DAY_MS)), to: isoDay(today) });

const PRESETS = [7, 30, 90, 365] as const;
const money = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const tickDollars = (value: number) => `$${value.toLocaleString('en-US')}`;
const tooltipMoney = (value: unknown) => money(Math.round(Number(value) * 100));
const PAYOUT_LABELS: Record<string, string> = { pending: 'Pending', held: 'Held', sent: 'Sent', failed: 'Failed' };

const revenueColumns = (label: string) => [
  { key: 'period', title: label, cell: (p: RevenuePoint) => p.period },
  { key: 'subscriptions', title: 'Subscriptions', numeric: true, cell: (p: RevenuePoint) => money(p.subscription_net_cents) },
  { key: 'licences', title: 'Licences', numeric: true, cell: (p: RevenuePoint) => money(p.licence_net_cents) },
  { key: 'refunds', title: 'Refunds', numeric: true, cell: (p: RevenuePoint) => money(p.subscription_refund_cents + p.licence_refund_cents) },
];

function RevenueChart({ points }: { readonly points: readonly RevenuePoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={points.map((p) => ({ name: p.period, Subscriptions: p.subscription_net_cents / 100, Licences: p.licence_net_cents / 100 }))} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
        <XAxis dataKey="name" tick={CHART_AXIS} />
        <YAxis tickFormatter={tickDollars} tick={CHART_AXIS} width={72} />
        <Tooltip formatter={tooltipMoney} />
        <Legend />
        <Bar dataKey="Subscriptions" fill={CHART_COLORS.blue} isAnimationActive={false} />
        <Bar dataKey="Licences" fill={CHART_COLORS.orange} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

function CountChart({ rows, dataKey, color }: { readonly rows: readonly { day: string; beats: number; accounts: number }[]; readonly dataKey: 'beats' | 'accounts'; readonly color: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart data={rows.map((r) => ({ name: r.day, value: r[dataKey] }))} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
        <XAxis dataKey="name" tick={CHART_AXIS} />
        <YAxis allowDecimals={false} tick={CHART_AXIS} />
        <Tooltip />
        <Line type="monotone" dataKey="value" name={dataKey === 'beats' ? 'Beats' : 'Accounts'} stroke={color} dot={false} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}

/**
 * The dashboard's charts, each with a table of the same figures, over one range of days that every
 * figure follows: revenue by day and by month (subscriptions and licences apart, refunds subtracted
 * on the day they were made), beats generated and new accounts per day, plan mix and payouts.
 */
export function AdminCharts() {
  const [range, setRange] = useState<ChartsRange>(() => lastDays(30));
  const [draft, setDraft] = useState<ChartsRange>(range);
  const { data, error, loading } = useAdminCharts(range);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setRange(draft);
  };
  const pick = (days: number) => {
    const next = lastDays(days);
    setDraft(next);
    setRange(next);
  };
  return (
    <section className="admin-section admin-charts" aria-labelledby="admin-charts-title">
      <h2 id="admin-charts-title">Business by Day</h2>
      <form className="admin-charts__range" onSubmit={apply} aria-label="Date range">
        <label>
          From <input type="date" value={draft.from} max={draft.to} required onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </label>
        <label>
          To <input type="date" value={draft.to} min={draft.from} required onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </label>
        <button type="submit" className="button button--secondary button--small">
          Show
        </button>
        {PRESETS.map((days) => (
          <button key={days} type="button" className="button button--ghost button--small" onClick={() => pick(days)}>
            Last {days} days
          </button>
        ))}
      </form>
      {error && (
        <p className="admin-error" role="alert">
          {error}
        </p>
      )}
      {!data && !error && <p role="status">Loading the charts…</p>}
      {data && (
        <div aria-busy={loading}>
          <p className="admin-charts__showing" role="status">
            Showing {data.from} to {data.to} (UTC).
          </p>
          <ChartFigure id="admin-revenue-day" title="Revenue by Day" description="Bar chart of each day's revenue from subscriptions and from licences, refunds subtracted; the table beside it has the same figures." rows={data.days} rowKey={(p) => p.period} columns={revenueColumns('Day')} chart={<RevenueChart points={data.days} />} />
          <ChartFigure id="admin-revenue-month" title="Revenue by Month" description="Bar chart of each month's revenue from subscriptions and from licences within the range, refunds subtracted; the table beside it has the same figures." rows={data.months} rowKey={(p) => p.period} columns={revenueColumns('Month')} chart={<RevenueChart points={data.months} />} />
          <ChartFigure id="admin-beats-day" title="Beats Generated per Day" description="Line chart of the beats generated each day; the table beside it has the same figures." rows={data.activity} rowKey={(a) => a.day} columns={[{ key: 'day', title: 'Day', cell: (a) => a.day }, { key: 'beats', title: 'Beats', numeric: true, cell: (a) => a.beats }]} chart={<CountChart rows={data.activity} dataKey="beats" color={CHART_COLORS.green} />} />
          <ChartFigure id="admin-accounts-day" title="New Accounts per Day" description="Line chart of the accounts opened each day; the table beside it has the same figures." rows={data.activity} rowKey={(a) => a.day} columns={[{ key: 'day', title: 'Day', cell: (a) => a.day }, { key: 'accounts', title: 'New accounts', numeric: true, cell: (a) => a.accounts }]} chart={<CountChart rows={data.activity} dataKey="accounts" color={CHART_COLORS.purple} />} />
          <ChartFigure
            id="admin-plan-mix"
            title="Plan Mix"
            description="Bar chart of the subscription payments in the range by plan; the table beside it has the same figures."
            rows={data.plan_mix}
            rowKey={(p) => String(p.level)}
            columns={[
              { key: 'plan', title: 'Plan', cell: (p) => p.plan },
              { key: 'payments', title: 'Payments', numeric: true, cell: (p) => p.payments },
              { key: 'net', title: 'Net revenue', numeric: true, cell: (p) => money(p.net_cents) },
            ]}
            chart={
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data.plan_mix.map((p) => ({ name: p.plan, Payments: p.payments }))} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
                  <XAxis dataKey="name" tick={CHART_AXIS} />
                  <YAxis allowDecimals={false} tick={CHART_AXIS} />
                  <Tooltip />
                  <Bar dataKey="Payments" fill={CHART_COLORS.sky} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            }
          />
          <ChartFigure
            id="admin-payouts"
            title="Payouts"
            description="Bar chart of the transfers to producers of the range's licence sales, by state; the table beside it has the same figures."
            rows={data.payouts}
            rowKey={(p) => p.state}
            columns={[
              { key: 'state', title: 'State', cell: (p) => PAYOUT_LABELS[p.state] ?? p.state },
              { key: 'transfers', title: 'Transfers', numeric: true, cell: (p) => p.transfers },
              { key: 'amount', title: 'Amount', numeric: true, cell: (p) => money(p.cents) },
            ]}
            chart={
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data.payouts.map((p) => ({ name: PAYOUT_LABELS[p.state] ?? p.state, Amount: p.cents / 100 }))} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
                  <XAxis dataKey="name" tick={CHART_AXIS} />
                  <YAxis tickFormatter={tickDollars} tick={CHART_AXIS} width={72} />
                  <Tooltip formatter={tooltipMoney} />
                  <Bar dataKey="Amount" fill={CHART_COLORS.vermillion} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            }
          />
        </div>
      )}
    </section>
  );
}
