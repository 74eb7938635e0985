import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartFigure } from '../../../ui/chart-figure/ChartFigure';
import { CHART_AXIS, CHART_COLORS } from '../../../ui/chart-figure/chart-colors';
import { formatUtcDay, formatUtcMonth } from '../../../ui/format/dates';
import { formatCents, tierLabel } from '../earnings-display';
import { useEarningsCharts } from '../hooks/use-earnings-charts';
import { LoopRecords } from './LoopRecords';
import { StatementDownload } from './StatementDownload';
import './EarningsCharts.css';

const RANGES = [
  { months: 3, label: '3 months' },
  { months: 12, label: '12 months' },
  { months: 36, label: '3 years' },
] as const;

const dollars = (cents: number) => cents / 100;
const tickDollars = (value: number) => `$${value.toLocaleString('en-US')}`;
const tooltipDollars = (value: unknown) => formatCents(Math.round(Number(value) * 100));
/** "2026-11" -> "Nov 2026". */
export const monthLabel = (month: string) => formatUtcMonth(`${month}-01T00:00:00Z`);
/** "2026-11-23" -> "Nov 23, 2026". */
export const weekLabel = (week: string) => formatUtcDay(`${week}T00:00:00Z`);

/**
 * The producer's charts on /contributor-setup: earnings by month (paid, on its way, held,
 * reversed), licences by tier and the beats made with their loops by week, each with a table of the
 * same figures; then each loop's record and the statement download.
 */
export function EarningsCharts() {
  const [months, setMonths] = useState<number>(12);
  const { data, loading, error, refetch } = useEarningsCharts(months);
  const charts = data?.myEarningsCharts;
  return (
    <section className="producer-card my-earnings-charts" aria-labelledby="earnings-charts-title">
      <div className="setup-panel__intro">
        <h2 id="earnings-charts-title" className="setup-panel__title">
          Earnings Over Time
        </h2>
        <fieldset className="earnings-charts__range">
          <legend>Period</legend>
          {RANGES.map((r) => (
            <label key={r.months}>
              <input type="radio" name="earnings-range" value={r.months} checked={months === r.months} onChange={() => setMonths(r.months)} /> {r.label}
            </label>
          ))}
        </fieldset>
      </div>
      {!charts && (
        <p role="status">
          {loading || !error ? 'Loading your charts...' : (
            <>
              Your charts could not be loaded.{' '}
              <button type="button" className="button button--ghost button--small" onClick={() => void refetch().catch(() => undefined)}>
                Try again
              </button>
            </>
          )}
        </p>
      )}
      {charts && (
        <>
          <ChartFigure
            id="earnings-by-month"
            title="Earnings by Month"
            description="Bar chart of your earnings by month: paid, on its way, held and reversed; the table beside it has the same figures."
            rows={charts.months}
            rowKey={(m) => m.month}
            columns={[
              { key: 'month', title: 'Month', cell: (m) => monthLabel(m.month) },
              { key: 'paid', title: 'Paid', numeric: true, cell: (m) => formatCents(m.paidCents) },
              { key: 'pending', title: 'On its way', numeric: true, cell: (m) => formatCents(m.pendingCents) },
              { key: 'held', title: 'Held', numeric: true, cell: (m) => formatCents(m.heldCents) },
              { key: 'reversed', title: 'Reversed', numeric: true, cell: (m) => formatCents(m.reversedCents) },
            ]}
            chart={
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={charts.months.map((m) => ({ name: monthLabel(m.month), Paid: dollars(m.paidCents), 'On its way': dollars(m.pendingCents), Held: dollars(m.heldCents), Reversed: dollars(m.reversedCents) }))} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
                  <XAxis dataKey="name" tick={CHART_AXIS} />
                  <YAxis tickFormatter={tickDollars} tick={CHART_AXIS} width={64} />
                  <Tooltip formatter={tooltipDollars} />
                  <Legend />
                  <Bar dataKey="Paid" stackId="a" fill={CHART_COLORS.green} isAnimationActive={false} />
                  <Bar dataKey="On its way" stackId="a" fill={CHART_COLORS.blue} isAnimationActive={false} />
                  <Bar dataKey="Held" stackId="a" fill={CHART_COLORS.orange} isAnimationActive={false} />
                  <Bar dataKey="Reversed" fill={CHART_COLORS.vermillion} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            }
          />
          <ChartFigure
            id="licences-by-tier"
            title="Licences by Tier"
            description="Bar chart of the licences sold of beats with your loops, by tier; the table beside it has the same figures."
            empty="No licence of a beat with your loops was sold in this period."
            rows={charts.tiers}
            rowKey={(t) => t.tier}
            columns={[
              { key: 'tier', title: 'Tier', cell: (t) => tierLabel(t.tier) },
              { key: 'licences', title: 'Licences', numeric: true, cell: (t) => t.licences },
              { key: 'earned', title: 'You earned', numeric: true, cell: (t) => formatCents(t.earnedCents) },
            ]}
            chart={
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={charts.tiers.map((t) => ({ name: tierLabel(t.tier), Licences: t.licences }))} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
                  <XAxis dataKey="name" tick={CHART_AXIS} />
                  <YAxis allowDecimals={false} tick={CHART_AXIS} />
                  <Tooltip />
                  <Bar dataKey="Licences" fill={CHART_COLORS.purple} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            }
          />
          <ChartFigure
            id="beats-by-week"
            title="Beats Made With Your Loops, by Week"
            description="Bar chart of the beats made with your loops each week; the table beside it has the same figures."
            empty="No beat was made with your loops in this period."
            rows={charts.weeks}
            rowKey={(w) => w.week}
            columns={[
              { key: 'week', title: 'Week of', cell: (w) => weekLabel(w.week) },
              { key: 'beats', title: 'Beats', numeric: true, cell: (w) => w.beats },
            ]}
            chart={
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={charts.weeks.map((w) => ({ name: weekLabel(w.week), Beats: w.beats }))} accessibilityLayer={false}>
                  <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
                  <XAxis dataKey="name" tick={CHART_AXIS} />
                  <YAxis allowDecimals={false} tick={CHART_AXIS} />
                  <Tooltip />
                  <Bar dataKey="Beats" fill={CHART_COLORS.sky} isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            }
          />
          <LoopRecords loops={charts.loops} />
        </>
      )}
      <StatementDownload />
    </section>
  );
}
