import { SHOWCASE_ACCOUNT } from '../../src/modules/showcase/system-account';
import { startOfMonthUtc } from '../../src/modules/showcase/platform-stats.service';
import { beatRow } from '../support/beat-factories';
import { compositionRow, drumRow, userRow } from '../support/catalog-factories';
import { graphql } from '../support/graphql-client';
import { startTestApp, type TestApp } from '../support/test-app';

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(() => test?.close());

describe('platformStats (public)', () => {
  it('counts the people who uploaded sounds and the beats listeners generated this month, from the database', async () => {
    const em = test.app.orm.em.fork();
    const [melodyMaker, drummer, both, demo, listener] = [0, 1, 2, 3, 4].map(() => userRow(em));
    const system = userRow(em, { subject: SHOWCASE_ACCOUNT.subject, userType: SHOWCASE_ACCOUNT.userType });
    compositionRow(em, melodyMaker);
    drumRow(em, drummer);
    drumRow(em, drummer);
    compositionRow(em, both);
    drumRow(em, both);
    // The demo library's credits are not people.
    Object.assign(drumRow(em, demo), { isDemo: true });
    Object.assign(compositionRow(em, demo), { isDemo: true });

    const monthStart = startOfMonthUtc(new Date());
    const thisMonth = new Date(monthStart.getTime() + 1000);
    const lastMonth = new Date(monthStart.getTime() - 1000);
    beatRow(em, listener.id, { createdAt: thisMonth });
    beatRow(em, listener.id, { createdAt: new Date(), kind: 'full' });
    beatRow(em, drummer.id, { createdAt: new Date() });
    beatRow(em, listener.id, { createdAt: new Date(), kind: 'edit' }); // a version of a beat already counted
    beatRow(em, listener.id, { createdAt: lastMonth });
    beatRow(em, system.id, { createdAt: new Date() }); // a landing-page sample beat
    await em.flush();

    const result = await graphql<{ platformStats: { producers: number; beatsThisMonth: number } }>(test.url, '{ platformStats { producers beatsThisMonth } }');
    expect(result.errors).toBeUndefined();
    expect(result.data!.platformStats).toEqual({ producers: 3, beatsThisMonth: 3 });
  });
});
