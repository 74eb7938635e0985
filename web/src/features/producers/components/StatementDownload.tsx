import { useState } from 'react';
import { useStatementDownload, type StatementFormat } from '../hooks/use-statement-download';

const now = new Date();
const thisMonth = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;

/**
 * Statement download: a month or a year, as CSV or PDF. Every sale and refund line of the
 * producer's earnings ledger in that period (UTC), totalled.
 */
export function StatementDownload() {
  const [kind, setKind] = useState<'month' | 'year'>('month');
  const [month, setMonth] = useState(thisMonth);
  const [year, setYear] = useState(String(now.getUTCFullYear()));
  const [message, setMessage] = useState<string | null>(null);
  const { download, busy } = useStatementDownload();
  const period = kind === 'month' ? month : year;
  const valid = kind === 'month' ? /^\d{4}-\d{2}$/.test(month) : /^\d{4}$/.test(year);
  const get = async (format: StatementFormat) => setMessage(await download(period, format));
  return (
    <section className="chart-figure earnings-statement" aria-labelledby="statement-title">
      <h3 id="statement-title" className="chart-figure__title">
        Statement
      </h3>
      <p className="setup-panel__text">Every licence sale and refund of your earnings in a month or a year (UTC), with the total, for your records or your accountant.</p>
      <div className="earnings-statement__form">
        <label>
          Statement for{' '}
          <select value={kind} onChange={(e) => setKind(e.target.value as 'month' | 'year')}>
            <option value="month">a month</option>
            <option value="year">a year</option>
          </select>
        </label>
        {kind === 'month' ? (
          <label>
            Month <input type="month" value={month} min="2000-01" max="2100-12" onChange={(e) => setMonth(e.target.value)} />
          </label>
        ) : (
          <label>
            Year <input type="number" value={year} min={2000} max={2100} step={1} onChange={(e) => setYear(e.target.value)} />
          </label>
        )}
        <button type="button" className="button button--secondary button--small" disabled={!valid || busy !== null} onClick={() => void get('csv')}>
          {busy === 'csv' ? 'Preparing...' : 'Download CSV'}
        </button>
        <button type="button" className="button button--secondary button--small" disabled={!valid || busy !== null} onClick={() => void get('pdf')}>
          {busy === 'pdf' ? 'Preparing...' : 'Download PDF'}
        </button>
      </div>
      {message && (
        <p className="my-earnings__warning" role="alert">
          {message}
        </p>
      )}
    </section>
  );
}
