import { startTestApp, type TestApp } from '../support/test-app';
import { rest } from '../support/producers';
import { signInAdmin } from '../admin/admin-support';
import { RecordingLicenceFiles, RecordingOutbox, VERIFY, buyer, filesReady, ownedBeat, pricedProducer, sql } from './licence-world';
import { graphql } from '../support/graphql-client';

/**
 * A licence sold through the local checkout becomes the producers' money in the same transaction
 * (issue 18), the admin dashboard lists the order (issue 19), and an admin's refund refunds the
 * licence and reverses the earnings, once.
 */
let test: TestApp;
const files = new RecordingLicenceFiles();
const outbox = new RecordingOutbox();

beforeAll(async () => {
  test = await startTestApp({}, { licenceFiles: files, mailOutbox: outbox });
  files.blobs = test.app.blobs;
});
afterAll(async () => {
  await test?.close();
});

const ledger = (orderId: string) =>
  sql<{ kind: string; amount_cents: number; producer_id: string | null }>(test, 'select kind, amount_cents, producer_id from earnings_ledger where order_id = ? order by kind, producer_id', [orderId]);

it('pays 90% of the net to the producers by share, lists the order for admins, and an admin refund reverses it once', async () => {
  const a = await pricedProducer(test, 'money_a', { price_standard: 20, price_advanced: 60, price_exclabel: 900, price_excindie: 450 });
  const b = await pricedProducer(test, 'money_b', { price_standard: 40, price_advanced: 60, price_exclabel: 900, price_excindie: 450 });
  const owner = await buyer(test, 'money_buyer');
  const beatId = await ownedBeat(test, owner.id, [{ producerId: a.id, name: a.producerName, percent: 75 }, { producerId: b.id, name: b.producerName, percent: 25 }], 'Money Beat');

  // 75% x $20 + 25% x $40 = $25.00.
  const prices = await rest(test, 'GET', `/beat-prods/${beatId}`, owner.accessToken);
  expect(prices.body).toMatchObject({ standard: 25 });
  const checkout = await rest(test, 'POST', '/create-checkout-session', owner.accessToken, { beat_id: beatId, lease_option_id: 'standard', first_name: 'Ada', last_name: 'Lovelace', country: 'United Kingdom' });
  expect(checkout.status).toBe(200);
  const paid = await fetch(`${test.url}/local-licence-checkout/${checkout.body.id as string}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);

  const [order] = await sql<{ id: string; status: string }>(test, 'select id, status from licence_orders where beat_id = ?', [beatId]);
  expect(order.status).toBe('paid');
  // Local checkout: the stand-in fee 2.9% + 30 c of 2500 = 73 + 30 = 103; net 2397; pool 90% = 2157 (half up); 75/25 split.
  const rows = await ledger(order.id);
  const producerRows = rows.filter((r) => r.kind === 'sale_producer');
  expect(producerRows.map((r) => r.amount_cents).sort((x, y) => y - x)).toEqual([1618, 539]);
  expect(rows.reduce((sum, r) => sum + r.amount_cents, 0)).toBe(2500);

  // The admin dashboard lists it and counts its revenue.
  const admin = await signInAdmin(test);
  const orders = await rest(test, 'GET', '/admin/beat-orders', admin.accessToken);
  expect(orders.status).toBe(200);
  const listed = (orders.body.beat_orders as { order_id?: string; customer_email: string; producers: string[]; price: number }[]).find((o) => o.customer_email === owner.email || o.order_id === order.id);
  expect(listed).toBeDefined();
  expect(listed!.price).toBe(25);
  expect((await rest(test, 'GET', '/admin/total-beat-orders', admin.accessToken)).body.total_revenue).toBeGreaterThanOrEqual(25);

  // A download link taken before the refund works as is (a browser opens it) until the refund.
  const [issued] = await sql<{ id: string }>(test, 'select id from licences where order_id = ?', [order.id]);
  await filesReady(test, issued.id);
  const link = await test.app.services.licences.requestDownload(await test.app.services.accounts.getById(owner.id), issued.id, 'mp3');
  expect((await fetch(link.url)).status).toBe(200);

  // Two refunds at once: exactly one goes through, the other is a conflict.
  const [first, second] = await Promise.all([
    rest(test, 'POST', '/admin/refund-order', admin.accessToken, { order_id: order.id, reason: 'Customer asked within 30 days' }),
    rest(test, 'POST', '/admin/refund-order', admin.accessToken, { order_id: order.id, reason: 'Customer asked within 30 days' }),
  ]);
  expect([first.status, second.status].sort()).toEqual([200, 409]);
  const [after] = await sql<{ status: string }>(test, 'select status from licence_orders where id = ?', [order.id]);
  expect(after.status).toBe('refunded');
  const [licence] = await sql<{ id: string; status: string }>(test, 'select id, status from licences where order_id = ?', [order.id]);
  expect(licence.status).toBe('refunded');
  const verified = await graphql<{ licenceVerification: { status: string } }>(test.url, VERIFY, { id: licence.id });
  expect(verified.data?.licenceVerification.status).toBe('REFUNDED');
  // The link from before the refund no longer gives the file, with or without the holder's token.
  for (const headers of [{}, { authorization: `Bearer ${owner.accessToken}` }] as Record<string, string>[]) {
    const refused = await fetch(link.url, { headers });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: 'This licence was refunded; its files are no longer available.' });
  }
  // Every producer gives back exactly what they got; the order nets to zero.
  const final = await ledger(order.id);
  for (const producer of [a.id, b.id]) {
    expect(final.filter((r) => r.producer_id === producer).reduce((sum, r) => sum + r.amount_cents, 0)).toBe(0);
  }
  expect((await rest(test, 'POST', '/admin/refund-order', admin.accessToken, { order_id: order.id, reason: 'again' })).status).toBe(409);
});

it('a non-admin cannot refund an order', async () => {
  const user = await buyer(test, 'money_stranger');
  const answer = await rest(test, 'POST', '/admin/refund-order', user.accessToken, { order_id: '00000000-0000-4000-8000-000000000000', reason: 'x' });
  expect(answer.status).toBe(403);
});
