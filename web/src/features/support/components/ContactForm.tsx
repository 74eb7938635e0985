import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import { useSession } from '../../../app/auth/SessionProvider';
import { useRuntimeConfig } from '../../../app/config/RuntimeConfigProvider';
import type { SupportTopic } from '../../../generated/graphql';
import { useMe } from '../../account/hooks/use-me';
import { useSendSupportMessage } from '../hooks/use-support';
import { CONTACT_TOPICS, topicFromQuery } from '../support-labels';
import './Support.css';

/** Character counts in the reader's locale (5,000). */
const countFormat = new Intl.NumberFormat();
const MAX_MESSAGE = 5000;
const SEND_FAILED = 'Your message could not be sent. Please try again.';

type Topic = Exclude<SupportTopic, 'REFUND_REQUEST'>;

/**
 * /contact (issue 30): a message to support from anyone. Signed in, we answer at the account's
 * email; a visitor gives one. `?topic=privacy&reference=...` fills the form from a link.
 */
export function ContactForm() {
  const { supportEmail, productName } = useRuntimeConfig();
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  const me = useMe({ skip: !signedIn });
  const [params] = useSearchParams();
  const [send, { loading }] = useSendSupportMessage();
  const [topic, setTopic] = useState<Topic | ''>(topicFromQuery(params.get('topic')));
  const [message, setMessage] = useState('');
  const [reference, setReference] = useState(params.get('reference') ?? '');
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState<{ id: string; message: string } | null>(null);
  const ids = { topic: useId(), message: useId(), reference: useId(), email: useId(), name: useId(), count: useId() };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!topic) return setProblem('Choose a topic.');
    if (!message.trim()) return setProblem('Write your message.');
    if (!signedIn && !email.trim()) return setProblem('Give your email address, so that we can answer you.');
    try {
      const receipt = await send({ topic, message, reference: reference.trim() || null, email: signedIn ? null : email.trim(), name: name.trim() || null });
      if (!receipt) return setProblem(SEND_FAILED);
      setSent(receipt);
      setMessage('');
      setReference('');
    } catch (error) {
      const failure = graphQLFailure(error);
      setProblem(failure?.code ? failure.message : SEND_FAILED);
    }
  };

  if (sent) {
    return (
      <div className="contact-sent" role="status">
        <h2 className="contact-sent__title">Message sent</h2>
        <p>{sent.message}</p>
        <p>
          Your reference: <code>{sent.id}</code>
        </p>
        <button type="button" className="button button--secondary" onClick={() => setSent(null)}>
          Send another message
        </button>
      </div>
    );
  }

  return (
    <form className="contact-form" onSubmit={(event) => void submit(event)} noValidate aria-label={`Write to ${productName} support`}>
      <div className="contact-form__field">
        <label htmlFor={ids.topic}>Topic</label>
        <select id={ids.topic} value={topic} onChange={(event) => setTopic(event.target.value as Topic | '')} required>
          <option value="">Choose a topic</option>
          {CONTACT_TOPICS.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <div className="contact-form__field">
        <label htmlFor={ids.message}>Message</label>
        <textarea id={ids.message} value={message} onChange={(event) => setMessage(event.target.value)} maxLength={MAX_MESSAGE} rows={8} required aria-describedby={ids.count} />
        <p className="contact-form__hint" id={ids.count}>
          {countFormat.format(message.length)} / {countFormat.format(MAX_MESSAGE)} characters
        </p>
      </div>
      <div className="contact-form__field">
        <label htmlFor={ids.reference}>Beat or order (optional)</label>
        <input id={ids.reference} type="text" value={reference} onChange={(event) => setReference(event.target.value)} maxLength={200} placeholder="A beat's title or id, an order id, or its address" />
      </div>
      {signedIn ? (
        <p className="contact-form__hint">We answer at the email of your account{me.data ? <>: {me.data.me.email}</> : null}.</p>
      ) : (
        <div className="contact-form__row">
          <div className="contact-form__field">
            <label htmlFor={ids.email}>Your email</label>
            <input id={ids.email} type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} maxLength={254} required />
          </div>
          <div className="contact-form__field">
            <label htmlFor={ids.name}>Your name (optional)</label>
            <input id={ids.name} type="text" autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} maxLength={100} />
          </div>
        </div>
      )}
      {problem && (
        <p className="contact-form__error" role="alert">
          {problem}
        </p>
      )}
      <div className="contact-form__actions">
        <button type="submit" className="button button--primary" disabled={loading}>
          {loading ? 'Sending…' : 'Send message'}
        </button>
        <p className="contact-form__hint">
          Or write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a>.
        </p>
      </div>
    </form>
  );
}
