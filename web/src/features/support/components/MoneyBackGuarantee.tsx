import { useId, useState, type FormEvent } from 'react';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import type { MoneyBackPaymentsQuery } from '../../../generated/graphql';
import { Banner } from '../../../ui/banner/Banner';
import { Modal } from '../../../ui/modal/Modal';
import { useMoneyBackPayments, useRequestRefund } from '../hooks/use-support';
import { formatDate, formatMoney } from '../support-labels';
import './Support.css';

type Payment = MoneyBackPaymentsQuery['moneyBackPayments'][number];

const REQUEST_SENT = 'Your refund request was sent. We will email you when it is decided.';
const REQUEST_FAILED = 'Your refund request could not be sent. Please try again.';

/** What the Refund column says of a payment. */
function refundState(payment: Payment): string {
  const request = payment.refundRequest;
  if (request?.status === 'DECLINED') return `Declined: ${request.declineReason ?? ''}`;
  if (payment.refundedAt) return `Refunded on ${formatDate(payment.refundedAt)}`;
  if (request?.status === 'PENDING') return 'Requested: waiting for our answer';
  return 'Past 30 days';
}

/**
 * My Account's 30-day money-back guarantee (issue 30): the subscription payments of the last 30
 * days (and any asked about), each with Request a refund or the request's status. Nothing shows
 * for an account that paid nothing recently.
 */
export function MoneyBackGuarantee() {
  const { data, error, refetch } = useMoneyBackPayments();
  const [asking, setAsking] = useState<Payment | null>(null);
  const [notice, setNotice] = useState<{ id: number; text: string } | null>(null);
  const payments = data?.moneyBackPayments ?? [];

  if (!data && !error) return null;
  if (data && payments.length === 0) return null;

  return (
    <section className="account-card money-back" aria-labelledby="money-back-title">
      <h2 className="account-card__title" id="money-back-title">
        30-day money-back guarantee
      </h2>
      <p className="account-card__text">
        Within 30 days of a subscription payment you can ask for a refund of it. If we approve it, the payment is refunded in full
        and the plan it paid for stops renewing. We email you either way.
      </p>
      {notice && (
        <Banner key={notice.id} tone="success" autoHide onDismiss={() => setNotice(null)}>
          {notice.text}
        </Banner>
      )}
      {error && !data && (
        <p className="account-card__text">
          Your payments could not be loaded.{' '}
          <button type="button" className="generated-beats__retry" onClick={() => void refetch().catch(() => undefined)}>
            Try again
          </button>
        </p>
      )}
      {payments.length > 0 && (
        <div className="money-back__table-wrap" tabIndex={0} role="region" aria-label="Subscription payments">
          <table>
            <thead>
              <tr>
                <th scope="col">Plan</th>
                <th scope="col">Amount</th>
                <th scope="col">Paid</th>
                <th scope="col">Refund</th>
              </tr>
            </thead>
            <tbody>
              {payments.map((payment) => (
                <tr key={payment.paymentId}>
                  <td>{payment.subscriptionType}</td>
                  <td>{formatMoney(payment.amountCents, payment.currency)}</td>
                  <td>{formatDate(payment.paidAt)}</td>
                  <td>
                    {payment.canRequestRefund ? (
                      <button type="button" className="button button--secondary" onClick={() => setAsking(payment)}
                        aria-label={`Request a refund of ${payment.subscriptionType} ${formatMoney(payment.amountCents, payment.currency)}`}>
                        Request a refund
                      </button>
                    ) : (
                      refundState(payment)
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <RequestRefundDialog payment={asking} onClose={() => setAsking(null)} onSent={() => setNotice({ id: Date.now(), text: REQUEST_SENT })} />
    </section>
  );
}

function RequestRefundDialog({ payment, onClose, onSent }: { payment: Payment | null; onClose: () => void; onSent: () => void }) {
  const [request, { loading }] = useRequestRefund();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const reasonId = useId();
  if (!payment) return null;

  const close = () => {
    setReason('');
    setProblem(null);
    onClose();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await request(payment.paymentId, reason);
      close();
      onSent();
    } catch (error) {
      const failure = graphQLFailure(error);
      setProblem(failure?.code ? failure.message : REQUEST_FAILED);
    }
  };

  const what = `${payment.subscriptionType} payment of ${formatMoney(payment.amountCents, payment.currency)}`;
  return (
    <Modal open title={`Request a refund of your ${what}`} onClose={close}>
      <form className="money-back__form" onSubmit={(event) => void submit(event)} noValidate>
        <p>
          You paid it on {formatDate(payment.paidAt)}. We refund it in full if we approve your request, and the plan it paid for
          stops renewing.
        </p>
        <label htmlFor={reasonId}>Why? (optional)</label>
        <textarea id={reasonId} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={1000} rows={4} />
        {problem && (
          <p className="support-error" role="alert">
            {problem}
          </p>
        )}
        <div className="money-back__actions">
          <button type="button" className="button button--secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={loading}>
            Request refund
          </button>
        </div>
      </form>
    </Modal>
  );
}
