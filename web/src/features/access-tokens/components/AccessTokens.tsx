import { useId, useState, type FormEvent } from 'react';
import { graphQLFailure } from '../../../app/apollo/graphql-error';
import type { AccessTokensQuery } from '../../../generated/graphql';
import { DateText } from '../../../ui/format/DateText';
import { Modal } from '../../../ui/modal/Modal';
import { useAccessTokens, useCreateAccessToken, useRevokeAccessToken } from '../hooks/use-access-tokens';
import './AccessTokens.css';
import { TableScroll } from '../../../ui/table-scroll/TableScroll';

type Token = AccessTokensQuery['accessTokens'][number];
type Scope = AccessTokensQuery['accessTokenScopes'][number];

const when = (iso: string | null | undefined, none: string) => (iso ? <DateText value={iso} /> : none);

export const EXPIRY_CHOICES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: '', label: 'Never' },
] as const;

/**
 * My Account's Access tokens (issue 20): personal tokens for scripts and tools, each with its
 * scopes, dates and uses; a new token's secret is shown once, with a Copy button.
 */
export function AccessTokens() {
  const { data, error, loading, refetch } = useAccessTokens();
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<Token | null>(null);
  const tokens = data?.accessTokens ?? [];

  return (
    <section className="account-card access-tokens" aria-labelledby="access-tokens-title">
      <h2 className="account-card__title" id="access-tokens-title">
        Access tokens
      </h2>
      <p className="account-card__text">
        Give scripts, plugins and catalogue tools their own token instead of your password. Each token can do only what its scopes allow, and you can revoke it at any time.
      </p>
      {created && <NewSecret name={created.name} secret={created.secret} onDone={() => setCreated(null)} />}
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
      {tokens.length > 0 && <TokenTable tokens={tokens} onRevoke={setRevoking} />}
      {data && <CreateTokenForm scopes={data.accessTokenScopes} onCreated={setCreated} />}
      <RevokeDialog token={revoking} onClose={() => setRevoking(null)} />
    </section>
  );
}

function TokenTable({ tokens, onRevoke }: { tokens: readonly Token[]; onRevoke: (token: Token) => void }) {
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

function CreateTokenForm({ scopes, onCreated }: { scopes: readonly Scope[]; onCreated: (created: { name: string; secret: string }) => void }) {
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
    try {
      const result = await create({ name, scopes: scopes.map((s) => s.name).filter((s) => chosen.has(s)), expiresInDays: expiry ? Number(expiry) : null });
      if (!result) return setProblem('The token could not be created. Please try again.');
      onCreated({ name: result.token.name, secret: result.secret });
      setName('');
      setChosen(new Set());
    } catch (error) {
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
