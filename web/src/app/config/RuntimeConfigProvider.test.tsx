import { screen } from '@testing-library/react';
import { FakeBackend } from '../../test/fake-backend';
import { renderApp } from '../../test/render-app';
import { TEST_CLIENT_CONFIG } from '../../test/test-config';

describe('boot', () => {
  it('takes the product name and endpoints from GET /client-config', async () => {
    const backend = new FakeBackend();
    backend.clientConfigReply = { status: 200, body: { ...TEST_CLIENT_CONFIG, productName: 'BeatLab' } };
    renderApp({ backend });
    expect(await screen.findByText(`© ${new Date().getFullYear()} BeatLab. All rights reserved.`)).toBeInTheDocument();
    expect(document.title).toBe('BeatLab');
    expect(backend.requests[0]?.path).toBe('/client-config');
  });

  it('offers a retry when the api cannot be reached, and recovers', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = new FakeBackend();
    backend.clientConfigReply = { status: 503, statusText: 'Service Unavailable' };
    const { user } = renderApp({ backend });

    expect(await screen.findByRole('heading', { name: "We can't reach the server" })).toBeInTheDocument();
    backend.clientConfigReply = { status: 200, body: TEST_CLIENT_CONFIG };
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('button', { name: 'Account' })).toBeInTheDocument();
    expect(backend.requestsTo('/client-config')).toHaveLength(2);
  });
});
