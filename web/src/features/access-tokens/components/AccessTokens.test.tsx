import { screen, waitFor, within } from '@testing-library/react';
import { FakeBackend } from '../../../test/fake-backend';
import { renderApp } from '../../../test/render-app';

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
    await user.selectOptions(tokens.getByLabelText('Expires'), 'Never');
    await user.click(tokens.getByRole('button', { name: 'Create token' }));

    const secret = await tokens.findByLabelText('New token secret');
    expect(secret.textContent).toMatch(/^bp_pat_/);
    expect(tokens.getByText(/it will not be shown again/)).toBeInTheDocument();
    const sent = FakeBackend.operationOf(backend.operations('CreateAccessToken')[0]).variables;
    expect(sent).toEqual({ input: { name: 'Label catalogue', scopes: ['beats:read'], expiresInDays: null } });

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
});
