import { Link, useSearchParams } from 'react-router-dom';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import { paths } from '../../../app/router/paths';
import { formatAmountPaid } from '../format-amount';
import { useCheckoutSession } from '../hooks/use-checkout-session';
import './Subscriptions.css';

/** Stripe's payment_status values that mean the checkout is paid for (as the api fulfils it). */
const PAID_STATUSES = new Set(['paid', 'no_payment_required']);

/**
 * /success?session_id=... (requirements §L2): the checkout's details, under Success! once it is paid; an
 * asynchronous payment (e.g. a bank debit) may still be unpaid when Stripe sends the browser here.
 */
export function PaymentSuccess() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const { data, error } = useCheckoutSession(sessionId);

  if (!sessionId) return <p className="payment-success__state" role="alert">Error: No session_id was given.</p>;
  if (error) return <p className="payment-success__state" role="alert">{`Error: ${graphQLFailure(error)?.message ?? error.message}`}</p>;
  if (!data) return <p className="payment-success__state" role="status">Loading...</p>;

  const session = data.checkoutSession;
  const amount = session.amountTotal !== null && session.currency ? formatAmountPaid(session.amountTotal, session.currency) : '—';
  const paid = PAID_STATUSES.has(session.paymentStatus);
  return (
    <section className="payment-success" aria-labelledby="payment-success-title">
      <span className={`payment-success__icon${paid ? '' : ' payment-success__icon--pending'}`} aria-hidden="true">
        {paid ? '✓' : '…'}
      </span>
      <h1 id="payment-success-title" className="payment-success__title">
        {paid ? 'Success!' : 'Payment pending'}
      </h1>
      <p className="payment-success__lead">
        {paid ? 'Your payment was successful!' : 'Your payment is being confirmed. Your plan starts as soon as it is.'}
      </p>
      <dl className="payment-success__details">
        <dt>Customer name</dt>
        <dd>{session.customerName ?? '—'}</dd>
        <dt>Customer email</dt>
        <dd>{session.customerEmail ?? '—'}</dd>
        <dt>{paid ? 'Amount paid' : 'Amount'}</dt>
        <dd>{amount}</dd>
        <dt>Payment status</dt>
        <dd>{session.paymentStatus}</dd>
        <dt>Subscription ID</dt>
        <dd className="payment-success__id">{session.subscriptionId ?? '—'}</dd>
      </dl>
      <div className="payment-success__actions">
        <Link className="button button--primary" to={paths.home}>
          Start creating
        </Link>
        <Link className="button button--secondary" to={paths.accountProfile}>
          My Account
        </Link>
      </div>
    </section>
  );
}
