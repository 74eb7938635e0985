import { screen, within } from '@testing-library/react';
import { gqlError } from '../../../test/fake-backend';
import { renderApp } from '../../../test/render-app';
import { SupportBackend } from '../test/support-backend';

describe('/contact', () => {
  it('is open to visitors: they give an email, send, and get the reference; the address shown is the configured one', async () => {
    const backend = new SupportBackend();
    const { user } = renderApp({ path: '/contact', backend });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact support' }, { timeout: 5000 })).toBeInTheDocument();
    const lead = screen.getByText(/Ask us anything about YSM/);
    expect(within(lead).getByRole('link', { name: 'help@ysm-support.test' })).toHaveAttribute('href', 'mailto:help@ysm-support.test');
    expect(document.body.textContent).not.toContain('ysm.example');

    await user.selectOptions(screen.getByLabelText('Topic'), 'Licences and orders');
    await user.type(screen.getByLabelText('Message'), 'My licence PDF will not open.');
    await user.type(screen.getByLabelText('Beat or order (optional)'), 'order 42');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Give your email address, so that we can answer you.');
    expect(backend.support.sent).toHaveLength(0);

    await user.type(screen.getByLabelText('Your email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Your name (optional)'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const sent = await screen.findByRole('status');
    expect(sent).toHaveTextContent('Thank you. We received your message and sent you a confirmation by email.');
    expect(sent).toHaveTextContent('Your reference: message-1');
    expect(backend.support.sent).toEqual([{ topic: 'LICENCES', message: 'My licence PDF will not open.', reference: 'order 42', email: 'ada@example.com', name: 'Ada' }]);
    expect(backend.operations('SendSupportMessage')[0].headers.has('authorization')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('signed in: no email field, the account is named, the bearer token goes along', async () => {
    const backend = new SupportBackend();
    const { user } = renderApp({ path: '/contact', backend, signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Contact support' }, { timeout: 5000 });
    expect(await screen.findByText('We answer at the email of your account: demo@ysm.local.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your email')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Topic'), 'Something does not work');
    await user.type(screen.getByLabelText('Message'), 'The player stops.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('status');
    expect(backend.support.sent).toEqual([{ topic: 'TECHNICAL', message: 'The player stops.', reference: null, email: null, name: null }]);
    expect(backend.operations('SendSupportMessage')[0].headers.get('authorization')).toBe('Bearer access-1');
  });

  it("shows the api's refusal (the rate limit) and keeps what was typed", async () => {
    const backend = new SupportBackend();
    backend.support.onSend = () => {
      throw gqlError('You have sent too many messages. Please try again in 42 minutes.', 'TOO_MANY_REQUESTS');
    };
    const { user } = renderApp({ path: '/contact?topic=privacy&reference=beat-7', backend });
    await screen.findByRole('heading', { level: 1, name: 'Contact support' }, { timeout: 5000 });
    // A link can choose the topic and the reference.
    expect(screen.getByLabelText('Topic')).toHaveValue('PRIVACY');
    expect(screen.getByLabelText('Beat or order (optional)')).toHaveValue('beat-7');
    await user.type(screen.getByLabelText('Message'), 'Please delete my data.');
    await user.type(screen.getByLabelText('Your email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have sent too many messages. Please try again in 42 minutes.');
    expect(screen.getByLabelText('Message')).toHaveValue('Please delete my data.');
  });

  it('asks for a topic and a message before sending anything', async () => {
    const backend = new SupportBackend();
    const { user } = renderApp({ path: '/contact', backend });
    await screen.findByRole('heading', { level: 1, name: 'Contact support' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a topic.');
    await user.selectOptions(screen.getByLabelText('Topic'), 'Something else');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Write your message.');
    expect(backend.support.sent).toHaveLength(0);
    expect(screen.getByLabelText('Message')).toHaveAttribute('maxLength', '5000');
  });
});
