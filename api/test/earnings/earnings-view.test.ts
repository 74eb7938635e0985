import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn } from '../support/users';
import { graphql } from '../support/graphql-client';
import { registerProducer, rest, signUpProducer } from '../support/producers';
import { beatRow } from '../support/beat-factories';
import { compositionRow, drumRow } from '../support/catalog-factories';
import { earningsSql as sql, paidOrder, producerFixture, recordRefund, recordSale, settled } from '../support/earnings-factories';
import { User } from '../../src/modules/accounts/user.entity';
import type { BeatSelection } from '../../src/modules/beats/beat-selection';

interface MyEarnings {
  totals: Record<string, number>;
  orders: { total: number; page: number; pages: number; items: { status: string }[] };
  loops: unknown[];
}

let test: TestApp;
beforeAll(async () => {
  test = await startTestApp();
});
afterAll(async () => {
  await test?.close();
});

const QUERY = `query($page: Int) { myEarnings(page: $page) {
  totals { earnedCents paidCents pendingCents heldCents reversedCents failedCents }
  orders { total page pages items { orderId beatTitle tier shareBasisPoints sharePercent amountCents reversedCents status } }
  loops { kind name type beats withdrawn }
} }`;

describe('myEarnings and GET /producer-earnings', () => {
  it('show a producer their totals, their orders with beat, tier, share and amount, and their loops in beats', async () => {
    const me = await registerProducer(test, 'earner');
    const [{ id: userId }] = await sql<{ id: string }>(test, `select id from users where email = ?`, [me.email]);
    const other = await producerFixture(test);
    // Two loops of mine: a composition in two beats, a drum loop in one; a third loop unused.
    const em = test.app.orm.em.fork();
    const user = em.getReference(User, userId);
    const melody = compositionRow(em, user);
    const kick = drumRow(em, user, { drumType: 'Kicks' });
    drumRow(em, user, { drumType: 'Snares' });
    await em.flush();
    const selection = (drums: string[]) => ({ genre: null, composition: { id: melody.id }, drums: drums.map((id) => ({ sampleId: id })) }) as unknown as BeatSelection;
    const shares = [{ producerId: userId, name: me.producerName, percent: 60 }, { producerId: other.userId, name: 'other', percent: 40 }];
    const beat = beatRow(em, other.userId, { title: 'Night Drive', selection: selection([kick.id]), producerShares: shares });
    beatRow(em, other.userId, { title: 'Second', selection: selection([]), producerShares: shares });
    beatRow(em, other.userId, { title: 'Not mine', selection: selection([kick.id]), producerShares: [{ producerId: other.userId, name: 'other', percent: 100 }] });
    await em.flush();

    const sale = paidOrder([{ userId, bp: 6000 }, { userId: other.userId, bp: 4000 }], 2999, { beatId: beat.id, tier: 'standard' });
    await recordSale(test, sale);
    await settled(test);
    await recordRefund(test, { orderId: sale.orderId, refundId: `${sale.orderId}-r`, refundedCents: 1000, reason: 'admin' });
    await settled(test);

    // pool 2594: 1556.4 -> 1556 for me; refund 1000 of 2999 takes 1556 * 1000 / 2999 = 518.8 -> 518.
    const { data, errors } = await graphql<{ myEarnings: MyEarnings }>(test.url, QUERY, {}, me.accessToken);
    expect(errors).toBeUndefined();
    expect(data!.myEarnings.totals).toEqual({ earnedCents: 1556, paidCents: 1556 - 518, pendingCents: 0, heldCents: 0, reversedCents: 518, failedCents: 0 });
    expect(data!.myEarnings.orders).toEqual({
      total: 1, page: 1, pages: 1,
      items: [{ orderId: sale.orderId, beatTitle: 'Night Drive', tier: 'standard', shareBasisPoints: 6000, sharePercent: 60, amountCents: 1556, reversedCents: 518, status: 'paid' }],
    });
    expect(data!.myEarnings.loops).toEqual([
      { kind: 'composition', name: 's0.wav + 1 more', type: 'Melody', beats: 2, withdrawn: false },
      { kind: 'drum', name: 'd.wav', type: 'Kicks', beats: 1, withdrawn: false },
      { kind: 'drum', name: 'd.wav', type: 'Snares', beats: 0, withdrawn: false },
    ]);

    const answer = await rest(test, 'GET', '/producer-earnings', me.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      totals: { earned_cents: 1556, paid_cents: 1038, held_cents: 0, reversed_cents: 518, failed_cents: 0, pending_cents: 0 },
      orders: [{ order_id: sale.orderId, beat_title: 'Night Drive', tier: 'standard', share_percent: 60, amount_cents: 1556, reversed_cents: 518, status: 'paid', date: expect.any(String) }],
      page: 1, pages: 1, total: 1,
    });
    expect((answer.body.loops as unknown[]).length).toBe(3);
  });

  it('refuse the signed-out, users who are not producers, and bad pages', async () => {
    expect((await rest(test, 'GET', '/producer-earnings', null)).status).toBe(401);
    const { errors } = await graphql(test.url, QUERY, {});
    expect(errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');

    const listener = await registerAndSignIn(test, 'listener');
    const refused = await rest(test, 'GET', '/producer-earnings', listener.accessToken);
    expect(refused.status).toBe(403);
    expect((await graphql(test.url, QUERY, {}, listener.accessToken)).errors?.[0].extensions?.code).toBe('FORBIDDEN');

    const me = await registerProducer(test, 'pager');
    for (const page of ['0', '-1', 'abc', '1.5']) expect((await rest(test, 'GET', `/producer-earnings?page=${page}`, me.accessToken)).status).toBe(400);
    expect((await rest(test, 'GET', '/producer-earnings?other=1', me.accessToken)).status).toBe(400);
    expect((await graphql(test.url, QUERY, { page: 0 }, me.accessToken)).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const empty = await rest(test, 'GET', '/producer-earnings?page=3', me.accessToken);
    expect(empty.body).toMatchObject({ totals: { earned_cents: 0 }, orders: [], page: 3, pages: 1, total: 0 });
  });

  it('show held earnings and a failed transfer', async () => {
    const me = await registerAndSignIn(test, 'heldview');
    // A producer whose onboarding is unfinished (the signup without the local onboarding's Finish).
    await signUpProducer(test, me, {}, false);
    const [{ id: userId }] = await sql<{ id: string }>(test, `select id from users where email = ?`, [me.email]);
    await recordSale(test, paidOrder([{ userId, bp: 10000 }], 2999));
    const failed = paidOrder([{ userId, bp: 10000 }], 1000);
    await recordSale(test, failed);
    await settled(test);
    await sql(test, `update earnings_transfers set state = 'failed', last_error = 'refused' where order_id = ?`, [failed.orderId]);
    const { data } = await graphql<{ myEarnings: MyEarnings }>(test.url, QUERY, {}, me.accessToken);
    // 2999 -> pool 2594 held; 1000 -> fee 59, net 941, pool 846.9 -> 847 failed.
    expect(data!.myEarnings.totals).toMatchObject({ earnedCents: 2594 + 847, heldCents: 2594, failedCents: 847, paidCents: 0 });
    expect(data!.myEarnings.orders.items.map((o) => o.status).sort()).toEqual(['failed', 'held']);
  });
});
