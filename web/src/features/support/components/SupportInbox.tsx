import { useState } from 'react';
import type { SupportMessageStatus } from '../../../generated/graphql';
import { Pager } from '../../admin/components/Pager';
import { useSupportInbox } from '../hooks/use-support';
import { STATUS_LABELS } from '../support-labels';
import { InboxMessage } from './InboxMessage';
import './Support.css';

const FILTERS: readonly (SupportMessageStatus | null)[] = ['OPEN', 'ANSWERED', 'CLOSED', null];

/**
 * The admin portal's Inbox (issue 30): messages to support, Enterprise senders first, then Premium,
 * then the rest, newest first within each; filtered by status (Open first), with each message's
 * thread, a reply form and, for money-back requests, Approve and Decline. `onRefundDecided` lets the
 * dashboard reload what a refund changes (payments, revenue, the audit log).
 */
export function SupportInbox({ onRefundDecided }: { readonly onRefundDecided?: () => void }) {
  const [status, setStatus] = useState<SupportMessageStatus | null>('OPEN');
  const [page, setPage] = useState(1);
  const { data, error, refetch } = useSupportInbox(status, page);
  const inbox = data?.supportInbox;
  const countOf = (filter: SupportMessageStatus | null) =>
    inbox ? (filter ? inbox.counts[filter.toLowerCase() as 'open' | 'answered' | 'closed'] : inbox.counts.open + inbox.counts.answered + inbox.counts.closed) : null;

  const choose = (filter: SupportMessageStatus | null) => {
    setStatus(filter);
    setPage(1);
  };

  return (
    <div className="support-inbox">
      <div className="support-inbox__filters" role="group" aria-label="Show messages">
        {FILTERS.map((filter) => {
          const count = countOf(filter);
          return (
            <button key={filter ?? 'ALL'} type="button" className="button button--secondary" aria-pressed={status === filter} onClick={() => choose(filter)}>
              {filter ? STATUS_LABELS[filter] : 'All'}
              {count !== null && ` (${count})`}
            </button>
          );
        })}
      </div>
      {!inbox && error && (
        <p className="support-error" role="alert">
          The Inbox could not be loaded.{' '}
          <button type="button" className="button button--secondary" onClick={() => void refetch().catch(() => undefined)}>
            Try again
          </button>
        </p>
      )}
      {!inbox && !error && <p role="status">Loading…</p>}
      {inbox && inbox.items.length === 0 && <p>No {status ? STATUS_LABELS[status].toLowerCase() : ''} messages.</p>}
      {inbox && inbox.items.length > 0 && (
        <ul className="support-inbox__list">
          {inbox.items.map((message) => (
            <li key={message.id}>
              <InboxMessage message={message} onRefundDecided={onRefundDecided} />
            </li>
          ))}
        </ul>
      )}
      {inbox && <Pager label="Inbox" page={page} pages={inbox.pages} onPage={setPage} />}
    </div>
  );
}
