import { useState } from 'react';
import { DateText } from '../../../ui/format/DateText';
import { formatCents, statusLabel, tierLabel } from '../earnings-display';
import { useMyEarnings } from '../hooks/use-my-earnings';
import { TableScroll } from '../../../ui/table-scroll/TableScroll';

const TOTALS = [
  { key: 'earnedCents', label: 'Earned' },
  { key: 'paidCents', label: 'Paid' },
  { key: 'pendingCents', label: 'On its way' },
  { key: 'heldCents', label: 'Held' },
  { key: 'reversedCents', label: 'Reversed' },
  { key: 'failedCents', label: 'Failed' },
] as const;

/**
 * My Earnings on /contributor-setup: totals (earned, paid, on its way, held, reversed, failed), the
 * licence orders of beats made with the producer's loops (beat, tier, date, share, amount, status),
 * and how many beats each loop is used in.
 */
export function MyEarnings() {
  const [page, setPage] = useState(1);
  const { data, loading, error, refetch } = useMyEarnings(page);
  const earnings = data?.myEarnings;

  return (
    <section className="producer-card my-uploads my-earnings" aria-labelledby="my-earnings-title">
      <div className="setup-panel__intro">
        <h2 id="my-earnings-title" className="setup-panel__title">
          My Earnings
        </h2>
        <p className="setup-panel__text">
          You earn 90% of every licence of a beat made with your loops, after processing fees, by your share of the beat. Earnings are paid to your payout account; until its setup is finished they are held.
        </p>
      </div>
      {!earnings && (
        <p className="my-uploads__empty" role="status">
          {loading || !error ? 'Loading your earnings...' : (
            <>
              Your earnings could not be loaded.{' '}
              <button type="button" className="button button--ghost button--small" onClick={() => void refetch().catch(() => undefined)}>
                Try again
              </button>
            </>
          )}
        </p>
      )}
      {earnings && (
        <>
          <dl className="my-earnings__totals" aria-label="Earnings totals">
            {TOTALS.map((t) => (
              <div key={t.key} className={`my-earnings__total${t.key === 'failedCents' && earnings.totals.failedCents > 0 ? ' is-failed' : ''}`}>
                <dt>{t.label}</dt>
                <dd>{formatCents(earnings.totals[t.key])}</dd>
              </div>
            ))}
          </dl>
          {earnings.totals.failedCents > 0 && (
            <p className="my-earnings__warning" role="alert">
              A transfer to your payout account was refused. Our support team has been told and will pay it by hand.
            </p>
          )}
          <section className="my-uploads__group" aria-labelledby="my-earnings-orders">
            <h3 id="my-earnings-orders" className="my-uploads__title">
              Licence Orders <span className="my-uploads__count">({earnings.orders.total})</span>
            </h3>
            {earnings.orders.items.length === 0 ? (
              <p className="my-uploads__empty">No licence of a beat with your loops has been sold yet.</p>
            ) : (
              <TableScroll label="Licence sales table" className="my-uploads__scroll">
                <table className="my-uploads__table" aria-labelledby="my-earnings-orders">
                  <thead>
                    <tr>
                      <th scope="col">Beat</th>
                      <th scope="col">Tier</th>
                      <th scope="col">Date</th>
                      <th scope="col">Your share</th>
                      <th scope="col">Your amount</th>
                      <th scope="col">Status</th>
                    </tr>
                  </thead>
                  <tbody>
                    {earnings.orders.items.map((o) => (
                      <tr key={o.orderId} aria-label={o.beatTitle ?? 'Beat'}>
                        <td>
                          <span className="my-uploads__name">{o.beatTitle ?? 'Untitled beat'}</span>
                        </td>
                        <td data-label="Tier">{tierLabel(o.tier)}</td>
                        <td data-label="Date">
                          <DateText value={o.date} />
                        </td>
                        <td data-label="Your share">{o.sharePercent.toFixed(2)}%</td>
                        <td data-label="Your amount">
                          {formatCents(o.amountCents)}
                          {o.reversedCents > 0 && <span className="my-uploads__detail">{formatCents(o.reversedCents)} reversed by a refund</span>}
                        </td>
                        <td data-label="Status" className={o.status === 'failed' ? 'my-earnings__failed' : undefined}>
                          {statusLabel(o.status)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
            {earnings.orders.pages > 1 && (
              <div className="my-uploads__pager">
                <button type="button" className="button button--secondary button--small" disabled={earnings.orders.page <= 1} onClick={() => setPage(earnings.orders.page - 1)}>
                  Previous
                </button>
                <span>
                  Page {earnings.orders.page} of {earnings.orders.pages}
                </span>
                <button type="button" className="button button--secondary button--small" disabled={earnings.orders.page >= earnings.orders.pages} onClick={() => setPage(earnings.orders.page + 1)}>
                  Next
                </button>
              </div>
            )}
          </section>
          <section className="my-uploads__group" aria-labelledby="my-earnings-loops">
            <h3 id="my-earnings-loops" className="my-uploads__title">
              Your Loops in Beats
            </h3>
            {earnings.loops.length === 0 ? (
              <p className="my-uploads__empty">You have not uploaded any loops yet.</p>
            ) : (
              <ul className="my-earnings__loops">
                {earnings.loops.map((l) => (
                  <li key={l.id} className="my-earnings__loop">
                    <span>
                      <span className="my-uploads__name">{l.name}</span>
                      <span className="my-uploads__detail">
                        {l.type} · {Math.round(l.bpm * 10) / 10} BPM{l.withdrawn ? ' · withdrawn' : ''}
                      </span>
                    </span>
                    <span className="my-earnings__count">
                      {l.beats} {l.beats === 1 ? 'beat' : 'beats'}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}
