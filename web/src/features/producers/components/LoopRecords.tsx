import { TableScroll } from '../../../ui/table-scroll/TableScroll';
import type { MyEarningsChartsQuery } from '../../../generated/graphql';
import { formatCents } from '../earnings-display';

type Loop = MyEarningsChartsQuery['myEarningsCharts']['loops'][number];

/**
 * Each loop's record: the beats it was used in, the licences of those beats, what the producer
 * earned on them, and the genres and prompt words those beats most often answered. One row per
 * loop, one column per figure, so more figures (plays of shared beats) are more columns.
 */
export function LoopRecords({ loops }: { readonly loops: readonly Loop[] }) {
  return (
    <section className="chart-figure" aria-labelledby="loop-records-title">
      <h3 id="loop-records-title" className="chart-figure__title">
        Your Loops&apos; Records
      </h3>
      {loops.length === 0 ? (
        <p className="chart-figure__empty">You have not uploaded any loops yet.</p>
      ) : (
        <TableScroll label="Loop records table" className="chart-figure__table">
          <table aria-labelledby="loop-records-title">
            <thead>
              <tr>
                <th scope="col">Loop</th>
                <th scope="col" className="is-numeric">Beats</th>
                <th scope="col" className="is-numeric">Licences</th>
                <th scope="col" className="is-numeric">Earned on those beats</th>
                <th scope="col">Top genres</th>
                <th scope="col">Top prompt words</th>
              </tr>
            </thead>
            <tbody>
              {loops.map((l) => (
                <tr key={l.id}>
                  <th scope="row">
                    {l.name}
                    <span className="my-uploads__detail">
                      {l.type}
                      {l.withdrawn ? ' · withdrawn' : ''}
                    </span>
                  </th>
                  <td className="is-numeric">{l.beats}</td>
                  <td className="is-numeric">{l.licences}</td>
                  <td className="is-numeric">{formatCents(l.earnedCents)}</td>
                  <td>{l.topGenres.length ? l.topGenres.join(', ') : '—'}</td>
                  <td>{l.topWords.length ? l.topWords.join(', ') : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
