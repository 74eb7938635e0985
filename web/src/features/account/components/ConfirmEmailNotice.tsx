import { useEffect, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useSession } from '../../../app/auth/SessionProvider';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import { ResendEmailConfirmationDocument } from '../../../generated/graphql';
import { useMe } from '../hooks/use-me';
import './ConfirmEmailNotice.css';

/**
 * Shown on every page while a new account's email is unconfirmed: its free tokens start with the
 * link mailed at registration (docs/decisions.md). The link opens in another tab or mail program,
 * so coming back to this window asks the api again.
 */
export function ConfirmEmailNotice() {
  const { status } = useSession();
  const signedIn = status === 'authenticated';
  const { data, refetch } = useMe({ skip: !signedIn });
  const pending = signedIn && data?.me.emailConfirmationPending === true;
  const [resend, { loading }] = useMutation(ResendEmailConfirmationDocument);
  const [reply, setReply] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  useEffect(() => {
    if (!pending) return undefined;
    const check = () => void refetch().catch(() => undefined);
    window.addEventListener('focus', check);
    return () => window.removeEventListener('focus', check);
  }, [pending, refetch]);

  if (!pending || !data) return null;

  const sendAgain = async () => {
    setReply(null);
    try {
      const result = await resend();
      setReply({ tone: 'success', text: result.data?.resendEmailConfirmation ?? 'We sent a new confirmation link.' });
    } catch (error) {
      const failure = graphQLFailure(error);
      setReply({ tone: 'error', text: failure?.message ?? 'The link could not be sent. Try again in a moment.' });
      // Confirmed in the meantime: the notice goes.
      if (failure?.code === 'CONFLICT') void refetch().catch(() => undefined);
    }
  };

  return (
    <section className="confirm-email" aria-label="Confirm your email address">
      <p className="confirm-email__text">
        <strong>Confirm your email address to get your free tokens.</strong> We sent a link to {data.me.email}.
      </p>
      <button type="button" className="button button--secondary" onClick={() => void sendAgain()} disabled={loading}>
        Send the link again
      </button>
      {reply && (
        <p className={`confirm-email__reply confirm-email__reply--${reply.tone}`} role={reply.tone === 'error' ? 'alert' : 'status'}>
          {reply.text}
        </p>
      )}
    </section>
  );
}
