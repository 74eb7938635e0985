import { Suspense, lazy, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError } from '../../../app/api/api-client';
import { paths } from '../../../app/router/paths';
import { DateText } from '../../../ui/format/DateText';
import { TableScroll } from '../../../ui/table-scroll/TableScroll';
import { tierTitle } from '../../licences/lease-tiers';
import { formatDollars, refundOrder, refundPayment, updateTokens, type AdminSubscription } from '../admin-api';
import { useAdminDashboard, type ListName } from '../hooks/use-admin-dashboard';
// The charts (recharts) load after the dashboard's lists, in a chunk of their own.
const AdminCharts = lazy(() => import('./AdminCharts').then((m) => ({ default: m.AdminCharts })));
import { AdminsOnly } from './AdminsOnly';
import { Pager } from './Pager';
import { RefundModal } from './RefundModal';
import { UpdateTokensModal } from './UpdateTokensModal';
import { SupportInbox } from '../../support/components/SupportInbox';
import './AdminDashboard.css';

const ORDER_STATUS: Record<string, string> = { paid: 'Paid', refunded: 'Refunded' };
const ACTIONS: Record<string, string> = { update_tokens: 'Updated tokens', refund_subscription_payment: 'Refunded a subscription payment', refund_order: 'Refunded an order' };
const change = (state: Record<string, unknown> | null) => (state ? Object.entries(state).map(([k, v]) => `${k}: ${String(v)}`).join(', ') : '—');

function Card({ title, value }: { title: string; value: ReactNode }) {
  return (
    <div className="admin-card">
      <h2>{title}</h2>
      <p>{value}</p>
    </div>
  );
}

/** A titled list: its table scrolls in its own keyboard-reachable box; the search and pager stay put. */
function Section({ title, children, before, after }: { title: string; children: ReactNode; before?: ReactNode; after?: ReactNode }) {
  return (
    <section className="admin-section" aria-label={title}>
      <h2>{title}</h2>
      {before}
      <TableScroll label={`${title} table`}>{children}</TableScroll>
      {after}
    </section>
  );
}

interface PendingRefund {
  readonly what: string;
  readonly run: (reason: string) => Promise<unknown>;
}

/** The Admin Dashboard (/admin-portal, requirements §P2), with the audit log, refunds and user search. */
export function AdminDashboard() {
  const { api, query, data, failed, forbidden, setForbidden, setPage, setSearch, reload } = useAdminDashboard();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<AdminSubscription | null>(null);
  const [refund, setRefund] = useState<PendingRefund | null>(null);
  const [searchText, setSearchText] = useState('');

  /** Runs an admin action: on success the lists reload; 401 leaves the page, 403 says Admins only; other refusals come back as a message. */
  const act = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        setForbidden(true);
        return;
      }
      if (error instanceof ApiError && error.status === 401) {
        void navigate(paths.welcome, { replace: true });
        return;
      }
      throw new Error(error instanceof ApiError ? (error.serverMessage ?? error.message) : 'Something went wrong. Please try again.', { cause: error });
    }
    reload();
  };

  const pager = (list: ListName, label: string, page: { current_page: number; pages: number }) => (
    <Pager label={label} page={query[list]} pages={page.pages} onPage={(n) => setPage(list, n)} />
  );

  const search = (event: FormEvent) => {
    event.preventDefault();
    setSearch(searchText);
  };

  if (forbidden) return <AdminsOnly />;
  // The site layout holds the page's one <main>: the dashboard is a plain block inside it.
  if (!data) {
    return (
      <div className="admin-page">
        <h1>Admin Dashboard</h1>
        <p role="status">{failed ? 'The dashboard could not be loaded. Please try again.' : 'Loading…'}</p>
      </div>
    );
  }

  return (
    <div className="admin-page">
      <h1>Admin Dashboard</h1>
      {failed && (
        <p className="admin-error" role="alert">
          The dashboard could not be refreshed. Please try again.
        </p>
      )}
      <div className="admin-cards">
        <Card title="Total Users" value={data.totalUsers} />
        <Card title="Active Subscriptions" value={data.totalSubscriptions} />
        <Card title="Total Producers" value={data.totalProducers} />
        <Card title="Beat Orders Revenue" value={formatDollars(data.totalRevenue)} />
      </div>

      <Suspense fallback={<p role="status">Loading the charts…</p>}>
        <AdminCharts />
      </Suspense>

      <Section title="Inbox">
        <SupportInbox onRefundDecided={reload} />
      </Section>

      <Section title="Subscription Statistics">
        <table>
          <thead>
            <tr>
              <th>Subscription Type</th>
              <th>Count</th>
              <th>Total Revenue</th>
            </tr>
          </thead>
          <tbody>
            {Object.keys(data.stats.counts).map((type) => (
              <tr key={type}>
                <td>{type}</td>
                <td>{data.stats.counts[type]}</td>
                <td>{formatDollars(data.stats.revenue[type] ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section
        title="Users"
        before={
          <form className="admin-search" role="search" onSubmit={search}>
            <label htmlFor="admin-user-search">Search users</label>
            <input id="admin-user-search" type="search" placeholder="Email or username" maxLength={100} value={searchText} onChange={(e) => setSearchText(e.target.value)} />
            <button type="submit" className="button button--secondary">
              Search
            </button>
          </form>
        }
        after={pager('users', 'Users', data.users)}
      >
        <table>
          <thead>
            <tr>
              <th>Username</th>
              <th>Email</th>
              <th>User ID</th>
              <th>Account Created</th>
            </tr>
          </thead>
          <tbody>
            {data.users.users.map((u) => (
              <tr key={u.user_id}>
                <td>{u.username}</td>
                <td>{u.email}</td>
                <td>{u.user_id}</td>
                <td>
                  <DateText value={u.created_at} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section title="Recent Subscriptions" after={pager('subscriptions', 'Subscriptions', data.subscriptions)}>
        <table>
          <thead>
            <tr>
              <th>Username</th>
              <th>Subscription Type</th>
              <th>Tokens Remaining</th>
            </tr>
          </thead>
          <tbody>
            {data.subscriptions.subscriptions.map((s) => (
              <tr key={s.user_id} className="admin-clickable" tabIndex={0} onClick={() => setSelected(s)} onKeyDown={(e) => e.key === 'Enter' && setSelected(s)}>
                <td>{s.username}</td>
                <td>{s.subscription_type}</td>
                <td>{s.tokens_remaining}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section title="Producers" after={pager('producers', 'Producers', data.producers)}>
        <table>
          <thead>
            <tr>
              <th>Username</th>
              <th>Producer Name</th>
              <th>Files Uploaded</th>
            </tr>
          </thead>
          <tbody>
            {data.producers.producers.map((p) => (
              <tr key={p.user_id}>
                <td>{p.username}</td>
                <td>{p.producer_name}</td>
                <td>{p.files_uploaded}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section title="Beat Orders" after={pager('orders', 'Beat Orders', data.orders)}>
        <table>
          <thead>
            <tr>
              <th>Producers</th>
              <th>Customer Email</th>
              <th>Tier</th>
              <th>Date</th>
              <th>Price</th>
              <th>Status</th>
              <th>Refund</th>
            </tr>
          </thead>
          <tbody>
            {data.orders.beat_orders.map((o) => (
              <tr key={o.order_id}>
                <td>{o.producers.join(', ')}</td>
                <td>{o.customer_email}</td>
                <td>{tierTitle(o.tier)}</td>
                <td>
                  <DateText value={o.created_at} />
                </td>
                <td>{formatDollars(o.price)}</td>
                <td>{ORDER_STATUS[o.status] ?? o.status}</td>
                <td>
                  {o.status === 'refunded' ? (
                    '—'
                  ) : (
                    <button type="button" className="button button--secondary" aria-label={`Refund order of ${o.customer_email}`}
                      onClick={() => setRefund({ what: `order of ${formatDollars(o.price)}`, run: (reason) => refundOrder(api, o.order_id, reason) })}>
                      Refund
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section title="Subscription Payments" after={pager('payments', 'Subscription Payments', data.payments)}>
        <table>
          <thead>
            <tr>
              <th>Username</th>
              <th>Subscription Type</th>
              <th>Amount</th>
              <th>Paid</th>
              <th>Refund</th>
            </tr>
          </thead>
          <tbody>
            {data.payments.subscription_payments.map((p) => (
              <tr key={p.payment_id}>
                <td>{p.username}</td>
                <td>{p.subscription_type}</td>
                <td>{formatDollars(p.amount)}</td>
                <td>
                  <DateText value={p.paid_at} />
                </td>
                <td>
                  {p.refunded_at ? (
                    'Refunded'
                  ) : p.refundable ? (
                    <button type="button" className="button button--secondary" aria-label={`Refund payment of ${p.username}`}
                      onClick={() => setRefund({ what: `${p.subscription_type} payment of ${formatDollars(p.amount)}`, run: (reason) => refundPayment(api, p.payment_id, reason) })}>
                      Refund
                    </button>
                  ) : (
                    'Past 30 days'
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <Section title="Audit Log" after={pager('audit', 'Audit Log', data.audit)}>
        <table>
          <thead>
            <tr>
              <th>When</th>
              <th>Admin</th>
              <th>Action</th>
              <th>Target</th>
              <th>Before</th>
              <th>After</th>
              <th>Reason</th>
            </tr>
          </thead>
          <tbody>
            {data.audit.entries.map((e) => (
              <tr key={e.id}>
                <td>
                  <DateText value={e.created_at} kind="dateTime" />
                </td>
                <td>{e.admin_email}</td>
                <td>{ACTIONS[e.action] ?? e.action}</td>
                <td>{e.target_id}</td>
                <td>{change(e.before)}</td>
                <td>{change(e.after)}</td>
                <td>{e.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Section>

      <UpdateTokensModal
        subscription={selected}
        onCancel={() => setSelected(null)}
        onUpdate={async (s, tokens) => {
          await act(() => updateTokens(api, s.user_id, tokens, s.tokens_remaining));
          setSelected(null);
        }}
      />
      <RefundModal
        what={refund?.what ?? null}
        onCancel={() => setRefund(null)}
        onRefund={async (reason) => {
          await act(() => refund!.run(reason));
          setRefund(null);
        }}
      />
    </div>
  );
}
