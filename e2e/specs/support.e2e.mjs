// Issue 30: a visitor writes to support on /contact and gets a confirmation mail; the admin sees the
// message in the Inbox and replies (mailed); a subscriber asks on My Account for a refund of their
// payment, the admin approves it in the Inbox, and the subscriber sees it refunded.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newAccount, registerOnProvider } from '../accounts.mjs';
import { createAxeChecker } from '../axe.mjs';
import { mailTo } from '../mail.mjs';
import { report, test } from '../fixtures.mjs';

export const name = 'support: a visitor writes on /contact, the admin replies from the Inbox; a subscriber asks for a refund, the admin approves it';

/** The first-start admin (README: `<data dir>/demo-credentials.txt`). */
function demoAdmin(dataDir) {
  const [, login, password] = /admin: (\S+) \/ (\S+)/.exec(readFileSync(join(dataDir, 'demo-credentials.txt'), 'utf8'));
  return { login, password };
}

async function signIn(page, webUrl, apiUrl, { login, password }) {
  await page.goto(`${webUrl}/account/profile`);
  await page.waitForURL(/\/welcome/);
  await page.getByRole('button', { name: 'Start Creating Now - FREE' }).first().click();
  await page.waitForURL(new RegExp(`^${apiUrl}/oidc/`));
  await page.getByLabel('Email or username').fill(login);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByText(/^Tokens Remaining: \d+$/).waitFor({ timeout: 30_000 });
}

export async function run({ browser, webUrl, apiUrl, dataDir, openBrowser }) {
  const { page, shot } = browser;
  // axe-core on every screen below: serious and critical violations fail the spec at its end.
  const axe = createAxeChecker();
  const visitorEmail = `visitor_${Date.now().toString(36)}@example.com`;
  const subscriber = newAccount('refund');

  // 1. A visitor, not signed in, finds Contact in the footer and writes to support.
  const visitor = await openBrowser();
  try {
    const v = visitor.page;
    await v.goto(`${webUrl}/about`);
    const footer = v.getByRole('contentinfo');
    const address = await footer.getByRole('link', { name: /@/ }).textContent();
    assert.equal(address, 'support@ysm.localhost', 'the footer shows the configured address');
    await footer.getByRole('link', { name: 'Contact', exact: true }).click();
    await v.waitForURL(`${webUrl}/contact`);
    await v.getByRole('heading', { level: 1, name: 'Contact support' }).waitFor();
    await axe.check(v, '/contact (visitor)');
    await v.getByLabel('Topic').selectOption({ label: 'Licences and orders' });
    await v.getByLabel('Message').fill('Hello, which licence lets me put a beat on a streaming service?');
    await v.getByLabel('Beat or order (optional)').fill('not bought yet');
    await v.getByLabel('Your email').fill(visitorEmail);
    await v.getByLabel('Your name (optional)').fill('Vera Visitor');
    await visitor.shot('support-01-contact-form');
    await v.getByRole('button', { name: 'Send message' }).click();
    const sent = v.getByRole('status').filter({ hasText: 'Message sent' });
    await sent.getByText('Thank you. We received your message and sent you a confirmation by email.').waitFor();
    const reference = await sent.locator('code').textContent();
    await visitor.shot('support-02-contact-sent');
    const ack = await mailTo(dataDir, visitorEmail, 'We received your message to YSM support');
    assert.ok(ack.includes(reference), 'the confirmation gives the reference');
    await mailTo(dataDir, 'support@ysm.localhost', `[YSM support] Licences and orders from ${visitorEmail}`);
  } finally {
    await visitor.close();
  }

  // 2. A subscriber pays for Premium, then asks for a refund on My Account.
  const member = await openBrowser();
  try {
    const m = member.page;
    await m.goto(`${webUrl}/account/profile`);
    await m.waitForURL(/\/welcome/);
    await m.getByRole('button', { name: 'Start Creating Now - FREE' }).first().click();
    await m.waitForURL(new RegExp(`^${apiUrl}/oidc/`));
    await registerOnProvider(m, webUrl, subscriber);
    await m.goto(`${webUrl}/subscriptions`);
    await m.getByRole('article', { name: 'Premium', exact: true }).getByRole('button', { name: 'Subscribe' }).click();
    await m.waitForURL(new RegExp(`^${apiUrl}/local-checkout/local_cs_`));
    await m.getByRole('button', { name: 'Pay' }).click();
    await m.getByRole('heading', { name: 'Success!' }).waitFor({ timeout: 30_000 });
    await m.goto(`${webUrl}/account/profile`);
    await m.locator('.profile-form__plan', { hasText: 'Premium' }).waitFor({ timeout: 30_000 });
    const guarantee = m.getByRole('region', { name: '30-day money-back guarantee' });
    await guarantee.getByRole('button', { name: 'Request a refund of Premium $20.00' }).click();
    const dialog = m.getByRole('dialog', { name: 'Request a refund of your Premium payment of $20.00' });
    await dialog.getByLabel('Why? (optional)').fill('The editor is not what I need.');
    await member.shot('support-03-refund-request');
    await axe.check(m, 'My Account refund request dialog');
    await dialog.getByRole('button', { name: 'Request refund' }).click();
    await m.getByText('Your refund request was sent. We will email you when it is decided.').waitFor();
    await guarantee.getByText('Requested: waiting for our answer').waitFor();
    await axe.check(m, 'My Account money-back guarantee');
    await member.shot('support-04-refund-requested');
    await mailTo(dataDir, subscriber.email, 'We received your refund request');
    // /contact signed in: the sender is the account, so the form asks for no email.
    await m.goto(`${webUrl}/contact`);
    await m.getByRole('heading', { level: 1, name: 'Contact support' }).waitFor();
    await axe.check(m, '/contact (signed in)');
    await member.shot('support-04b-contact-signed-in');
    await m.goto(`${webUrl}/account/profile`);
    await guarantee.getByText('Requested: waiting for our answer').waitFor({ timeout: 30_000 });

    // 3. The admin's Inbox: the Premium subscriber's request comes before the visitor's message.
    await signIn(page, webUrl, apiUrl, demoAdmin(dataDir));
    await page.goto(`${webUrl}/admin-portal`);
    const inbox = page.getByRole('region', { name: 'Inbox' });
    await inbox.getByRole('button', { name: 'Open (2)' }).waitFor({ timeout: 30_000 });
    const items = inbox.getByRole('listitem');
    assert.match(await items.nth(0).locator('summary').textContent(), /^PremiumMoney-back request/);
    assert.match(await items.nth(1).locator('summary').textContent(), new RegExp(`^FreeLicences and ordersVera Visitor <${visitorEmail.replace(/[.]/g, '\\.')}>`));
    await shot('support-05-inbox');
    await axe.check(page, 'admin Inbox');

    // The admin replies to the visitor; the reply is kept and mailed.
    const visitorMessage = items.filter({ hasText: visitorEmail });
    await visitorMessage.locator('summary').click();
    await visitorMessage.getByText('Hello, which licence lets me put a beat on a streaming service?').waitFor();
    await visitorMessage.getByLabel('Reply (mailed to the sender)').fill('Hello Vera, the Standard Lease covers streaming up to its stream count.');
    await axe.check(page, 'admin Inbox, a message open with a reply');
    await shot('support-06-inbox-reply');
    await visitorMessage.getByRole('button', { name: 'Send reply' }).click();
    await inbox.getByRole('button', { name: 'Open (1)' }).waitFor();
    await inbox.getByRole('button', { name: 'Answered (1)' }).click();
    const answered = inbox.getByRole('listitem').filter({ hasText: visitorEmail });
    await answered.locator('summary').click();
    await answered.getByRole('list', { name: 'Replies' }).getByText('Hello Vera, the Standard Lease covers streaming up to its stream count.').waitFor();
    const replyMail = await mailTo(dataDir, visitorEmail, 'Re: your message to YSM support');
    assert.ok(replyMail.includes('Standard Lease'), 'the reply mail carries the reply');

    // The admin approves the refund with one click.
    await inbox.getByRole('button', { name: 'Open (1)' }).click();
    const request = inbox.getByRole('listitem').filter({ hasText: 'Money-back request' });
    await request.locator('summary').click();
    await request.getByText('The editor is not what I need.').waitFor();
    await shot('support-07-refund-in-inbox');
    await request.getByRole('button', { name: 'Approve refund of $20.00' }).click();
    await inbox.getByRole('button', { name: 'Open (0)' }).waitFor({ timeout: 30_000 });
    // The dashboard reloads what the refund changed: the payment, and the audit log's admin refund.
    const payments = page.getByRole('region', { name: 'Subscription Payments' });
    await payments.getByRole('row').filter({ hasText: subscriber.username }).getByRole('cell', { name: 'Refunded', exact: true }).waitFor({ timeout: 30_000 });
    await page.getByRole('region', { name: 'Audit Log' }).getByRole('cell', { name: 'Refunded a subscription payment' }).waitFor();
    await shot('support-08-refund-approved');
    await axe.check(page, 'admin portal after a refund');

    // 4. The subscriber is mailed and sees the payment refunded, the account on Free.
    await mailTo(dataDir, subscriber.email, 'Your refund was approved');
    await m.reload();
    await guarantee.getByText(/^Refunded on /).waitFor({ timeout: 30_000 });
    await m.locator('.profile-form__plan', { hasText: 'Free' }).waitFor();
    assert.equal(await guarantee.getByRole('button', { name: /Request a refund/ }).count(), 0);
    await member.shot('support-09-refunded');
    await axe.check(m, 'My Account after the refund');
  } finally {
    await member.close();
  }
  axe.assertClean();
}

test(name, async ({ app }) => report(await run(app)));
