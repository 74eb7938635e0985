import { screen, waitFor, within } from '@testing-library/react';
import { FakeBackend } from '../../../test/fake-backend';
import { renderApp } from '../../../test/render-app';
import { UserManager } from 'oidc-client-ts';
import { PENDING_TOKEN_ACTION_KEY } from '../hooks/use-sign-in-again';

function openAccount(backend = new FakeBackend()) {
  return { ...renderApp({ path: '/account/profile', signedIn: true, backend }), backend };
}

const section = async () => within(await screen.findByRole('region', { name: 'Access tokens' }, { timeout: 5000 }));

describe('My Account: Access tokens', () => {
  it('lists tokens with their scopes, dates and uses, never a secret', async () => {
    const backend = new FakeBackend();
    backend.accessTokens = [
      { id: 't1', name: 'My DAW plugin', hint: 'bp_pat_AbCdE', scopes: ['beats:read', 'beats:generate'], createdAt: '2026-11-01T10:00:00.000Z', expiresAt: null, expired: false, lastUsedAt: '2026-11-20T10:00:00.000Z', useCount: 42, revokedAt: null },
      { id: 't2', name: 'Old script', hint: 'bp_pat_ZyXwV', scopes: ['account:read'], createdAt: '2026-01-01T10:00:00.000Z', expiresAt: '2026-02-01T10:00:00.000Z', expired: true, lastUsedAt: null, useCount: 0, revokedAt: null },
    ];
    openAccount(backend);
    const tokens = await section();
    const rows = await tokens.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]).getByText('My DAW plugin')).toBeInTheDocument();
    expect(within(rows[1]).getByText('beats:read, beats:generate')).toBeInTheDocument();
    expect(within(rows[1]).getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(within(rows[1]).getByText('42')).toBeInTheDocument();
    expect(within(rows[1]).getByText('bp_pat_AbCdE…')).toBeInTheDocument();
    expect(within(rows[2]).getByText('Expired')).toBeInTheDocument();
    expect(within(rows[2]).getAllByText('Never')).toHaveLength(1);
  });

  it('creates a token with the chosen scopes and expiry, shows its secret once with a Copy button', async () => {
    const { backend, user } = openAccount();
    const tokens = await section();
    expect(await tokens.findByText('No access tokens yet.')).toBeInTheDocument();

    await user.click(tokens.getByRole('button', { name: 'Create token' }));
    expect(tokens.getByRole('alert')).toHaveTextContent('Give the token a name.');
    await user.type(tokens.getByLabelText('Token name'), 'Label catalogue');
    await user.click(tokens.getByRole('button', { name: 'Create token' }));
    expect(tokens.getByRole('alert')).toHaveTextContent('Choose at least one scope.');

    expect(tokens.getByText(/Generate, regenerate, extend and edit beats/)).toBeInTheDocument();
    await user.click(tokens.getByRole('checkbox', { name: /beats:read/ }));
    // No "Never" any more (issue 31): 90 days unless another life is chosen.
    expect(within(tokens.getByLabelText('Expires')).queryByRole('option', { name: 'Never' })).toBeNull();
    expect(tokens.getByLabelText('Expires')).toHaveValue('90');
    await user.selectOptions(tokens.getByLabelText('Expires'), '30 days');
    await user.click(tokens.getByRole('button', { name: 'Create token' }));

    const secret = await tokens.findByLabelText('New token secret');
    expect(secret.textContent).toMatch(/^bp_pat_/);
    expect(tokens.getByText(/it will not be shown again/)).toBeInTheDocument();
    const sent = FakeBackend.operationOf(backend.operations('CreateAccessToken')[0]).variables;
    expect(sent).toEqual({ input: { name: 'Label catalogue', scopes: ['beats:read'], expiresInDays: 30 } });

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(tokens.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(secret.textContent);
    expect(tokens.getByRole('button', { name: 'Copied' })).toBeInTheDocument();

    // Listed, and once dismissed the secret is gone from the page.
    expect(await tokens.findByText('Label catalogue')).toBeInTheDocument();
    await user.click(tokens.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(secret.textContent)).not.toBeInTheDocument();
  });

  it("shows the api's refusal in its own words", async () => {
    const { user } = openAccount();
    const tokens = await section();
    await user.type(await tokens.findByLabelText('Token name'), '<b>x</b>');
    await user.click(tokens.getByRole('checkbox', { name: /account:read/ }));
    await user.click(tokens.getByRole('button', { name: 'Create token' }));
    expect(await tokens.findByRole('alert')).toHaveTextContent('A token name may not contain < or >.');
  });

  it('revokes a token only after confirmation', async () => {
    const backend = new FakeBackend();
    backend.accessTokens = [
      { id: 't1', name: 'CI job', hint: 'bp_pat_AbCdE', scopes: ['beats:read'], createdAt: '2026-11-01T10:00:00.000Z', expiresAt: null, expired: false, lastUsedAt: null, useCount: 0, revokedAt: null },
    ];
    const { user } = openAccount(backend);
    const tokens = await section();
    await user.click(await tokens.findByRole('button', { name: 'Revoke CI job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke access token' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.operations('RevokeAccessToken')).toHaveLength(0);

    await user.click(tokens.getByRole('button', { name: 'Revoke CI job' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(tokens.getByText('No access tokens yet.')).toBeInTheDocument());
    expect(FakeBackend.operationOf(backend.operations('RevokeAccessToken')[0]).variables).toEqual({ id: 't1' });
  });

  it('asks for a new sign-in when the api wants a recent one, then creates the token once the user is back', async () => {
    const signinRedirect = vi.spyOn(UserManager.prototype, 'signinRedirect').mockResolvedValue(undefined);
    const backend = new FakeBackend();
    backend.signInTooOld = true;
    const first = openAccount(backend);
    const tokens = await section();
    await first.user.type(await tokens.findByLabelText('Token name'), 'Release script');
    await first.user.click(tokens.getByRole('checkbox', { name: /beats:read/ }));
    await first.user.click(tokens.getByRole('button', { name: 'Create token' }));

    const prompt = await tokens.findByRole('alert');
    expect(prompt).toHaveTextContent('Please sign in again.');
    expect(prompt).toHaveTextContent('to create this token');
    expect(tokens.queryByLabelText('New token secret')).toBeNull();
    await first.user.click(within(prompt).getByRole('button', { name: 'Sign in again' }));
    expect(signinRedirect).toHaveBeenCalledWith({ prompt: 'login', max_age: 0, state: { returnTo: '/account/profile' } });
    expect(JSON.parse(window.sessionStorage.getItem(PENDING_TOKEN_ACTION_KEY)!)).toEqual({
      kind: 'create',
      input: { name: 'Release script', scopes: ['beats:read'], expiresInDays: 90 },
    });

    // Back from the provider with a fresh sign-in: the page finishes the creation by itself, once.
    first.unmount();
    backend.signInTooOld = false;
    openAccount(backend);
    const again = await section();
    expect(await again.findByLabelText('New token secret')).toHaveTextContent(/^bp_pat_/);
    expect(window.sessionStorage.getItem(PENDING_TOKEN_ACTION_KEY)).toBeNull();
    expect(backend.operations('CreateAccessToken')).toHaveLength(2);
    expect(FakeBackend.operationOf(backend.operations('CreateAccessToken')[1]).variables).toEqual({ input: { name: 'Release script', scopes: ['beats:read'], expiresInDays: 90 } });
  });

  it('extends a token by 90 days and lists the activity; a stale sign-in is asked to sign in again first', async () => {
    const signinRedirect = vi.spyOn(UserManager.prototype, 'signinRedirect').mockResolvedValue(undefined);
    const backend = new FakeBackend();
    backend.accessTokens = [
      { id: 't1', name: 'CI job', hint: 'bp_pat_AbCdE', scopes: ['beats:read'], createdAt: '2026-11-01T10:00:00.000Z', expiresAt: '2026-11-30T10:00:00.000Z', expired: false, lastUsedAt: null, useCount: 0, revokedAt: null },
      { id: 't2', name: 'Old job', hint: 'bp_pat_ZyXwV', scopes: ['beats:read'], createdAt: '2026-01-01T10:00:00.000Z', expiresAt: '2026-02-01T10:00:00.000Z', expired: true, lastUsedAt: null, useCount: 0, revokedAt: null },
    ];
    backend.signInTooOld = true;
    const first = openAccount(backend);
    const tokens = await section();
    expect(tokens.queryByRole('button', { name: /Extend Old job/ })).toBeNull();
    await first.user.click(await tokens.findByRole('button', { name: 'Extend CI job by 90 days' }));
    const prompt = await tokens.findByRole('alert');
    expect(prompt).toHaveTextContent('to extend “CI job”');
    await first.user.click(within(prompt).getByRole('button', { name: 'Sign in again' }));
    expect(signinRedirect).toHaveBeenCalledWith(expect.objectContaining({ prompt: 'login', max_age: 0 }));

    first.unmount();
    backend.signInTooOld = false;
    openAccount(backend);
    const again = await section();
    expect(await again.findByText('“CI job” now expires Feb 23, 2027.')).toBeInTheDocument();
    expect(FakeBackend.operationOf(backend.operations('ExtendAccessToken')[1]).variables).toEqual({ id: 't1', input: { expiresInDays: 90 } });
    const activity = await again.findByRole('list', { name: 'Access token activity' });
    expect(activity).toHaveTextContent('Extended “CI job” (expires Feb 23, 2027)');
  });
});
