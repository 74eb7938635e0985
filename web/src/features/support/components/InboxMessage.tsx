import { useId, useState, type FormEvent } from 'react';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import type { SupportMessageFieldsFragment } from '../../../generated/graphql';
import { Modal } from '../../../ui/modal/Modal';
import { useInboxActions } from '../hooks/use-support';
import { REFUND_STATUS_LABELS, STATUS_LABELS, TOPIC_LABELS, formatDate, formatDateTime, formatMoney } from '../support-labels';

const ACTION_FAILED = 'That did not work. Please try again.';

const failureText = (error: unknown) => {
  const failure = graphQLFailure(error);
  return failure?.code ? failure.message : ACTION_FAILED;
};

/** One message of the Inbox: a summary line that opens to the message, its thread and the actions. */
export function InboxMessage({ message, onRefundDecided }: { readonly message: SupportMessageFieldsFragment; readonly onRefundDecided?: () => void }) {
  const actions = useInboxActions();
  const [problem, setProblem] = useState<string | null>(null);
  const sender = message.username ? `${message.username} <${message.senderEmail}>` : message.senderName ? `${message.senderName} <${message.senderEmail}>` : message.senderEmail;
  const run = async (action: () => Promise<void>) => {
    setProblem(null);
    try {
      await action();
    } catch (error) {
      setProblem(failureText(error));
    }
  };

  const approve = (requestId: string) =>
    run(async () => {
      await actions.approve(requestId);
      onRefundDecided?.();
    });
  // The decline dialog shows its own refusals.
  const decline = async (requestId: string, reason: string) => {
    await actions.decline(requestId, reason);
    onRefundDecided?.();
  };

  return (
    <details className="support-message">
      <summary>
        <span className="support-message__plan">{message.planName}</span>
        <span>{TOPIC_LABELS[message.topic]}</span>
        <span>{sender}</span>
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        <span>{STATUS_LABELS[message.status]}</span>
      </summary>
      <div className="support-message__body">
        <p className="support-message__meta">
          From {sender}
          {message.username ? '' : ' (not signed in)'} · reference {message.id}
          {message.reference && message.topic !== 'REFUND_REQUEST' ? ` · beat or order: ${message.reference}` : ''}
        </p>
        <p className="support-message__text">{message.message}</p>
        {message.refundRequest && <RefundPanel request={message.refundRequest} busy={actions.busy} onApprove={approve} onDecline={decline} />}
        {message.replies.length > 0 && (
          <ol className="support-thread" aria-label="Replies">
            {message.replies.map((reply) => (
              <li key={reply.id} className="support-reply">
                <p className="support-message__meta">
                  {reply.authorEmail}, <time dateTime={reply.createdAt}>{formatDateTime(reply.createdAt)}</time>
                </p>
                <p className="support-reply__text">{reply.text}</p>
              </li>
            ))}
          </ol>
        )}
        {problem && (
          <p className="support-error" role="alert">
            {problem}
          </p>
        )}
        <ReplyForm messageId={message.id} busy={actions.busy} onReply={(text, close) => actions.reply(message.id, text, close)} />
        {message.refundRequest?.status !== 'PENDING' && (
          <div className="support-actions">
            {message.status !== 'CLOSED' ? (
              <button type="button" className="button button--secondary" disabled={actions.busy} onClick={() => void run(() => actions.setStatus(message.id, 'CLOSED'))}>
                Close without replying
              </button>
            ) : (
              <button type="button" className="button button--secondary" disabled={actions.busy} onClick={() => void run(() => actions.setStatus(message.id, 'OPEN'))}>
                Reopen
              </button>
            )}
          </div>
        )}
      </div>
    </details>
  );
}

function ReplyForm({ messageId, busy, onReply }: { messageId: string; busy: boolean; onReply: (text: string, close: boolean) => Promise<void> }) {
  const [text, setText] = useState('');
  const [close, setClose] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const textId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!text.trim()) return setProblem('Write a reply.');
    try {
      await onReply(text, close);
      setText('');
      setClose(false);
    } catch (error) {
      setProblem(failureText(error));
    }
  };
  return (
    <form className="support-reply-form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Reply to message ${messageId}`}>
      <label htmlFor={textId}>Reply (mailed to the sender)</label>
      <textarea id={textId} value={text} onChange={(event) => setText(event.target.value)} maxLength={5000} rows={4} />
      {problem && (
        <p className="support-error" role="alert">
          {problem}
        </p>
      )}
      <div className="support-actions">
        <label>
          <input type="checkbox" checked={close} onChange={(event) => setClose(event.target.checked)} /> Close after replying
        </label>
        <button type="submit" className="button button--primary" disabled={busy}>
          Send reply
        </button>
      </div>
    </form>
  );
}

type RefundRequest = NonNullable<SupportMessageFieldsFragment['refundRequest']>;

function RefundPanel({ request, busy, onApprove, onDecline }: { request: RefundRequest; busy: boolean; onApprove: (id: string) => Promise<void>; onDecline: (id: string, reason: string) => Promise<void> }) {
  const [declining, setDeclining] = useState(false);
  const amount = formatMoney(request.amountCents, request.currency);
  return (
    <div className="support-refund" aria-label="Money-back request">
      <p className="support-message__text">
        Money-back request: {request.planName} payment of {amount}, paid on {formatDate(request.paidAt)}. Status: {REFUND_STATUS_LABELS[request.status]}
        {request.status === 'DECLINED' && request.declineReason ? ` (${request.declineReason})` : ''}.
      </p>
      {request.status === 'PENDING' && (
        <div className="support-actions">
          <button type="button" className="button button--primary" disabled={busy} onClick={() => void onApprove(request.id)}>
            Approve refund of {amount}
          </button>
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => setDeclining(true)}>
            Decline
          </button>
        </div>
      )}
      {declining && <DeclineDialog amount={amount} onClose={() => setDeclining(false)} onDecline={(reason) => onDecline(request.id, reason)} />}
    </div>
  );
}

function DeclineDialog({ amount, onClose, onDecline }: { amount: string; onClose: () => void; onDecline: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!reason.trim()) return setProblem('Say why the refund is declined.');
    setBusy(true);
    try {
      await onDecline(reason.trim());
      onClose();
    } catch (error) {
      setProblem(failureText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title={`Decline the refund of ${amount}`} onClose={onClose}>
      <form className="money-back__form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={reasonId}>Why? (mailed to the subscriber)</label>
        <textarea id={reasonId} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} rows={4} />
        {problem && (
          <p className="support-error" role="alert">
            {problem}
          </p>
        )}
        <div className="money-back__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            Decline refund
          </button>
        </div>
      </form>
    </Modal>
  );
}
