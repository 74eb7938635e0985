import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../test/render-app';
import { fakeLicence, LicencesBackend } from '../test/licences-backend';

describe('/licenses/verify/:id', () => {
  it('shows anyone, signed out, that a licence is valid, with tier, date, beat, producers and a masked buyer', async () => {
    const backend = new LicencesBackend();
    backend.licences.set('lic-1', fakeLicence({ id: 'lic-1' }));
    renderApp({ path: '/licenses/verify/lic-1', backend });
    const card = await screen.findByRole('article', { name: /Valid/ });
    expect(card).toHaveTextContent('This licence is in force.');
    const facts = within(card).getByText('Licence').closest('dl')!;
    expect(within(facts).getByText('Advanced Lease')).toBeInTheDocument();
    expect(within(facts).getByText('Night Drive')).toBeInTheDocument();
    expect(within(facts).getByText('Nov 25, 2026')).toBeInTheDocument();
    expect(within(facts).getByText('D*** M***')).toBeInTheDocument();
    expect(within(facts).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Night Owl62.5%', 'Cowboy Loops37.5%']);
    expect(within(facts).getByText('lic-1')).toBeInTheDocument();
    // No sign-in was needed or sent.
    const [asked] = backend.operations('LicenceVerification');
    expect(asked.headers.has('authorization')).toBe(false);
    // Nothing else about the buyer.
    expect(card).not.toHaveTextContent('Dana');
    expect(card).not.toHaveTextContent('Canada');
  });

  it.each([
    ['REFUNDED', 'Refunded', 'The payment for this licence was refunded: it grants no rights.'],
    ['SUPERSEDED', 'Superseded', 'The beat was later sold exclusively: this lease was replaced by the exclusive licence.'],
  ] as const)('says when a licence is %s', async (status, label, explanation) => {
    const backend = new LicencesBackend();
    backend.licences.set('lic-2', fakeLicence({ id: 'lic-2', status }));
    renderApp({ path: '/licenses/verify/lic-2', backend, signedIn: true });
    const card = await screen.findByRole('article', { name: new RegExp(label) });
    expect(card).toHaveTextContent(explanation);
    expect(card).not.toHaveTextContent('This licence is in force.');
  });

  it('says no licence has an unknown id', async () => {
    renderApp({ path: '/licenses/verify/not-a-licence', backend: new LicencesBackend() });
    expect(await screen.findByRole('alert')).toHaveTextContent('No licence with this ID exists. Check the address printed on the licence document.');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('offers Try again when the check itself fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const backend = new LicencesBackend();
    backend.licences.set('lic-3', fakeLicence({ id: 'lic-3' }));
    let fail = true;
    backend.overrides.set('licenceVerification', () => {
      if (fail) throw new Error('database unavailable');
      return { ...fakeLicence({ id: 'lic-3' }), maskedBuyerName: 'D*** M***' };
    });
    const { user } = renderApp({ path: '/licenses/verify/lic-3', backend });
    expect(await screen.findByRole('alert')).toHaveTextContent('The licence could not be checked. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: /Valid/ })).toBeInTheDocument();
  });
});
