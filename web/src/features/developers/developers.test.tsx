import { screen, within } from '@testing-library/react';
import { MarketingBackend } from '../../test/marketing-backend';
import { renderApp } from '../../test/render-app';
import { TEST_API_URL, TEST_CLIENT_CONFIG } from '../../test/test-config';
import { STAGES } from './developer-reference';

const openDevelopers = async () => {
  const view = renderApp({ path: '/developers', backend: new MarketingBackend() });
  await screen.findByRole('heading', { level: 1, name: 'Build with the API' }, { timeout: 5000 });
  return view;
};
const section = (name: string) => screen.getByRole('region', { name });
const codeOf = (label: string) => screen.getByRole('figure', { name: label });

describe('/developers', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is public and walks from a token to a generated beat, in order', async () => {
    const { location } = await openDevelopers();
    expect(location()).toBe('/developers');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      '1. Create an access token', '2. Endpoints', '3. A first query', '4. Generate a beat with live progress', '5. REST paths', '6. Limits', '7. Errors',
    ]);
    // The footer links here.
    const footer = within(screen.getByRole('contentinfo')).getByRole('navigation', { name: 'Footer' });
    expect(within(footer).getByRole('link', { name: 'Developers' })).toHaveAttribute('href', '/developers');
  });

  it("gives this deployment's own addresses", async () => {
    await openDevelopers();
    const endpoints = section('2. Endpoints');
    expect(within(endpoints).getByText(`POST ${TEST_CLIENT_CONFIG.graphqlUrl}`)).toBeInTheDocument();
    expect(within(endpoints).getByText(TEST_CLIENT_CONFIG.graphqlWsUrl)).toBeInTheDocument();
    expect(within(endpoints).getByRole('link', { name: `GET ${TEST_API_URL}/schema.graphql` })).toHaveAttribute('href', `${TEST_API_URL}/schema.graphql`);
    expect(codeOf('First query (curl)')).toHaveTextContent(`curl ${TEST_CLIENT_CONFIG.graphqlUrl}`);
    expect(codeOf('Generate with live progress (TypeScript)')).toHaveTextContent(`url: '${TEST_CLIENT_CONFIG.graphqlWsUrl}'`);
    expect(codeOf('Run the example client')).toHaveTextContent(`BEAT_API_URL=${TEST_API_URL}`);
  });

  it('documents tokens: where to create them, the secret, every scope, the header and the websocket payload', async () => {
    await openDevelopers();
    const tokens = section('1. Create an access token');
    expect(within(tokens).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/account/profile');
    expect(tokens).toHaveTextContent('bp_pat_');
    expect(tokens).toHaveTextContent('shown once');
    const scopes = within(tokens).getByRole('table', { name: 'Scopes' });
    expect(within(scopes).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[0].textContent)).toEqual([
      'account:read', 'beats:read', 'beats:generate', 'licences:read', 'licences:buy', 'uploads:write', 'earnings:read',
    ]);
    expect(tokens).toHaveTextContent('admin rights are never granted to a token');
    expect(section('2. Endpoints')).toHaveTextContent('{ authorization: "Bearer …" }');
  });

  it('lists the five stages, the limits and the error codes with their statuses', async () => {
    await openDevelopers();
    const stages = within(section('4. Generate a beat with live progress')).getAllByRole('listitem').map((li) => li.textContent);
    expect(stages).toEqual([...STAGES]);
    expect(section('6. Limits')).toHaveTextContent('120 a minute per access token');
    expect(section('6. Limits')).toHaveTextContent('a prompt of 1 to 500 characters');
    const errors = within(section('7. Errors')).getByRole('table', { name: 'Error codes' });
    const rows = within(errors).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').slice(0, 2).map((c) => c.textContent));
    expect(rows).toContainEqual(['UNAUTHENTICATED', '401']);
    expect(rows).toContainEqual(['FORBIDDEN', '403']);
    expect(rows).toContainEqual(['TOO_MANY_REQUESTS', '429']);
    expect(rows).toContainEqual(['INSUFFICIENT_CREDITS', '402']);
  });

  it('copies a code example to the clipboard and says so', async () => {
    const { user } = await openDevelopers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const example = codeOf('First query (curl)');
    await user.click(within(example).getByRole('button', { name: 'Copy First query (curl)' }));
    expect(writeText).toHaveBeenCalledWith(example.querySelector('code')!.textContent);
    expect(writeText.mock.calls[0][0]).toContain("-H 'Authorization: Bearer bp_pat_your_token'");
    expect(within(example).getByRole('status')).toHaveTextContent('Copied');
  });

  it('says when copying fails', async () => {
    const { user } = await openDevelopers();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) }, configurable: true });
    const example = codeOf('Generate over REST (curl)');
    await user.click(within(example).getByRole('button', { name: 'Copy Generate over REST (curl)' }));
    expect(within(example).getByRole('status')).toHaveTextContent('Copy failed: select the text and copy it');
  });
});
