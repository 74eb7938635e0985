import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import type { AccessTokensQuery } from '../../../generated/graphql';
import { DateText } from '../../../ui/format/DateText';
import { formatDate } from '../../../ui/format/dates';
import { Modal } from '../../../ui/modal/Modal';
import { useAccessTokens, useCreateAccessToken, useExtendAccessToken, useRevokeAccessToken } from '../hooks/use-access-tokens';
import { needsRecentSignIn, takePendingTokenAction, useSignInAgain, type PendingTokenAction } from '../hooks/use-sign-in-again';
import './AccessTokens.css';
import { TableScroll } from '../../../ui/table-scroll/TableScroll';

type Token = AccessTokensQuery['accessTokens'][number];
type Scope = AccessTokensQuery['accessTokenScopes'][number];
type Activity = AccessTokensQuery['accessTokenActivity'][number];

/** How long a token lives when created with the default choice, and what Extend gives it (from now). */
export const DEFAULT_EXPIRY_DAYS = 90;

const when = (iso: string | null | undefined, none: string) => (iso ? <DateText value={iso} /> : none);

// No "Never": a token that outlives every sign-in is what a stolen session would mint (issue 31).
export const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
] as const;

/**
 * My Account's Access tokens (issue 20): personal tokens for scripts and tools, each with its
 * scopes, dates and uses; a new token's secret is shown once, with a Copy button.
 */
export function AccessTokens() {
  const { data, error, loading, refetch } = useAccessTokens();
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<Token | null>(null);
  const [signInFor, setSignInFor] = useState<PendingTokenAction | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [create] = useCreateAccessToken();
  const [extend, { loading: extending }] = useExtendAccessToken();
  const tokens = data?.accessTokens ?? [];

  const runExtend = async (id: string, name: string) => {
    setNotice(null);
    try {
      const extended = await extend(id, DEFAULT_EXPIRY_DAYS);
      if (extended?.expiresAt) setNotice(`“${name}” now expires ${formatDate(extended.expiresAt)}.`);
    } catch (failure) {
      if (needsRecentSignIn(failure)) setSignInFor({ kind: 'extend', id, name, expiresInDays: DEFAULT_EXPIRY_DAYS });
      else setNotice(graphQLFailure(failure)?.message ?? 'The token could not be extended. Please try again.');
    }
  };

  // Back from the sign-in the api asked for: finish what was started, once.
  const resumed = useRef(false);
  const hasData = Boolean(data);
  useEffect(() => {
    if (!hasData || resumed.current) return;
    resumed.current = true;
    const pending = takePendingTokenAction();
    if (!pending) return;
    // After this render: the action's own state changes (notice, secret) follow its answer.
    void Promise.resolve().then(async () => {
      if (pending.kind === 'extend') return runExtend(pending.id, pending.name);
      try {
        const result = await create(pending.input);
        if (result) setCreated({ name: result.token.name, secret: result.secret });
        else setNotice('The token could not be created. Please try again.');
      } catch (failure) {
        setNotice(graphQLFailure(failure)?.message ?? 'The token could not be created. Please try again.');
      }
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once, when the list has loaded
  }, [hasData]);

  return (
    <section className="account-card access-tokens" aria-labelledby="access-tokens-title">
      <h2 className="account-card__title" id="access-tokens-title">
        Access tokens
      </h2>
      <p className="account-card__text">
        Give scripts, plugins and catalogue tools their own token instead of your password. Each token can do only what its scopes allow, and you can revoke it at any time.
      </p>
      {created && <NewSecret name={created.name} secret={created.secret} onDone={() => setCreated(null)} />}
      {signInFor && <SignInAgain action={signInFor} onCancel={() => setSignInFor(null)} />}
      {notice && (
        <p className="account-card__text" role="status">
          {notice}
        </p>
      )}
      {!data && loading && <p className="account-card__text">Loading your access tokens...</p>}
      {!data && error && (
        <p className="account-card__text">
          Your access tokens could not be loaded.{' '}
          <button type="button" className="generated-beats__retry" onClick={() => void refetch().catch(() => undefined)}>
            Try again
          </button>
        </p>
      )}
      {data && tokens.length === 0 && <p className="account-card__text">No access tokens yet.</p>}
      {tokens.length > 0 && <TokenTable tokens={tokens} onRevoke={setRevoking} onExtend={(token) => void runExtend(token.id, token.name)} extending={extending} />}
      {data && <CreateTokenForm scopes={data.accessTokenScopes} onCreated={setCreated} onSignInNeeded={setSignInFor} />}
      {data && <TokenActivity events={data.accessTokenActivity} />}
      <RevokeDialog token={revoking} onClose={() => setRevoking(null)} />
    </section>
  );
}

/** The api wants a recent sign-in: say so, and offer it (the action continues when the user is back). */
function SignInAgain({ action, onCancel }: { action: PendingTokenAction; onCancel: () => void }) {
  const signInAgain = useSignInAgain();
  const [problem, setProblem] = useState<string | null>(null);
  const what = action.kind === 'create' ? 'create this token' : `extend “${action.name}”`;
  return (
    <div className="access-tokens__secret" role="alert">
      <p>
        <strong>Please sign in again.</strong> For your safety, you need to have signed in within the last few minutes to {what}. After you sign in, we finish it for you.
      </p>
      {problem && <p className="access-tokens__error">{problem}</p>}
      <div className="access-tokens__dialog-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={() => void signInAgain(action).catch(() => setProblem('The sign-in page could not be opened. Please try again.'))}>
          Sign in again
        </button>
      </div>
    </div>
  );
}

const ACTIVITY_WORDS: Record<string, string> = { created: 'Created', extended: 'Extended', revoked: 'Revoked' };

/** The audit log of the user's tokens: who did what and when (the latest 50). */
function TokenActivity({ events }: { events: readonly Activity[] }) {
  if (events.length === 0) return null;
  return (
    <div className="access-tokens__activity">
      <h3 className="access-tokens__subtitle">Recent activity</h3>
      <ul aria-label="Access token activity">
        {events.map((event) => (
          <li key={event.id}>
            <DateText value={event.createdAt} /> — {ACTIVITY_WORDS[event.action] ?? event.action} “{event.tokenName ?? 'a token'}”
            {event.expiresAt && (
              <>
                {' '}
                (expires <DateText value={event.expiresAt} />)
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function TokenTable({ tokens, onRevoke, onExtend, extending }: { tokens: readonly Token[]; onRevoke: (token: Token) => void; onExtend: (token: Token) => void; extending: boolean }) {
  return (
    <TableScroll label="Access tokens table" className="access-tokens__table-wrap">
      <table className="access-tokens__table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Scopes</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Expires</th>
            <th scope="col">Uses</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.map((token) => (
            <tr key={token.id}>
              <td>
                <span className="access-tokens__name">{token.name}</span>
                <code className="access-tokens__hint">{token.hint}…</code>
              </td>
              <td>{token.scopes.join(', ')}</td>
              <td>{when(token.createdAt, '')}</td>
              <td>{when(token.lastUsedAt, 'Never')}</td>
              <td>{token.expired ? <strong>Expired</strong> : when(token.expiresAt, 'Never')}</td>
              <td>{token.useCount}</td>
              <td>
                {!token.expired && (
                  <button type="button" className="button button--secondary" onClick={() => onExtend(token)} disabled={extending} aria-label={`Extend ${token.name} by ${DEFAULT_EXPIRY_DAYS} days`}>
                    Extend
                  </button>
                )}{' '}
                <button type="button" className="button button--secondary" onClick={() => onRevoke(token)} aria-label={`Revoke ${token.name}`}>
                  Revoke
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function CreateTokenForm({
  scopes,
  onCreated,
  onSignInNeeded,
}: {
  scopes: readonly Scope[];
  onCreated: (created: { name: string; secret: string }) => void;
  onSignInNeeded: (action: PendingTokenAction) => void;
}) {
  const [create, { loading }] = useCreateAccessToken();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [expiry, setExpiry] = useState<string>(EXPIRY_CHOICES[1].value);
  const [problem, setProblem] = useState<string | null>(null);
  const nameId = useId();
  const expiryId = useId();

  const toggle = (scope: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(scope)) next.delete(scope);
      else next.add(scope);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!name.trim()) return setProblem('Give the token a name.');
    if (chosen.size === 0) return setProblem('Choose at least one scope.');
    const input = { name, scopes: scopes.map((s) => s.name).filter((s) => chosen.has(s)), expiresInDays: Number(expiry) };
    try {
      const result = await create(input);
      if (!result) return setProblem('The token could not be created. Please try again.');
      onCreated({ name: result.token.name, secret: result.secret });
      setName('');
      setChosen(new Set());
    } catch (error) {
      if (needsRecentSignIn(error)) return onSignInNeeded({ kind: 'create', input });
      setProblem(graphQLFailure(error)?.message ?? 'The token could not be created. Please try again.');
    }
  };

  return (
    <form className="access-tokens__form" onSubmit={(event) => void submit(event)} noValidate>
      <h3 className="access-tokens__subtitle">Create a token</h3>
      <div className="field access-tokens__field">
        <label htmlFor={nameId}>Token name</label>
        <input id={nameId} type="text" value={name} onChange={(event) => setName(event.target.value)} maxLength={60} placeholder="e.g. My DAW plugin" />
      </div>
      <fieldset className="access-tokens__scopes">
        <legend>Scopes</legend>
        {scopes.map((scope) => (
          <label key={scope.name} className="access-tokens__scope">
            <input type="checkbox" checked={chosen.has(scope.name)} onChange={() => toggle(scope.name)} />
            <span>
              <code>{scope.name}</code> {scope.description}
            </span>
          </label>
        ))}
      </fieldset>
      <div className="field access-tokens__field">
        <label htmlFor={expiryId}>Expires</label>
        <select id={expiryId} value={expiry} onChange={(event) => setExpiry(event.target.value)}>
          {EXPIRY_CHOICES.map((choice) => (
            <option key={choice.label} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      {problem && (
        <p className="access-tokens__error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={loading}>
        {loading ? 'Creating...' : 'Create token'}
      </button>
    </form>
  );
}

function NewSecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="access-tokens__secret" role="status">
      <p>
        <strong>Your new token “{name}”.</strong> Copy it now: it will not be shown again. Anyone who has it can act for you within its scopes, so keep it secret.
      </p>
      <div className="access-tokens__secret-row">
        <code aria-label="New token secret">{secret}</code>
        <button type="button" className="button button--secondary" onClick={() => void copy()}>
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </button>
      </div>
      {copied === 'failed' && <p className="access-tokens__error">Copying failed: select the token and copy it yourself.</p>}
      <button type="button" className="button button--primary" onClick={onDone}>
        I have copied it
      </button>
    </div>
  );
}

function RevokeDialog({ token, onClose }: { token: Token | null; onClose: () => void }) {
  const [revoke, { loading }] = useRevokeAccessToken();
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = async () => {
    if (!token) return;
    try {
      await revoke(token.id);
      setProblem(null);
      onClose();
    } catch (error) {
      setProblem(graphQLFailure(error)?.message ?? 'The token could not be revoked. Please try again.');
    }
  };
  return (
    <Modal open={token !== null} title="Revoke access token" onClose={onClose}>
      <p>
        Revoke <strong>{token?.name}</strong>? Anything using it stops working at its next request. This cannot be undone.
      </p>
      {problem && (
        <p className="access-tokens__error" role="alert">
          {problem}
        </p>
      )}
      <div className="access-tokens__dialog-actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="button button--primary" onClick={() => void confirm()} disabled={loading}>
          Revoke token
        </button>
      </div>
    </Modal>
  );
}
