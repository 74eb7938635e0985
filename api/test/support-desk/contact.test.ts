import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../support/test-app';
import { registerAndSignIn, type SignedInUser } from '../support/users';
import { signInAdmin, sqlOf, type Sql } from '../admin/admin-support';
import { DESK_ENV, SEND, contactRest, count, deliveredMail, freshNetwork, gql, outbox } from './desk-support';

let test: TestApp;
let sql: Sql;
beforeAll(async () => {
  test = await startTestApp(DESK_ENV);
  sql = sqlOf(test);
});
afterAll(() => test?.close());

const visitor = () => ({ ip: freshNetwork() });

describe('a visitor writes to support', () => {
  it('is stored, mailed to the configured support address and acknowledged without repeating the text', async () => {
    const answer = await contactRest(test, visitor(), {
      topic: 'licences', message: 'My licence PDF will not open.\nCan you send it again?', reference: 'order local_cs_123', email: 'Listener@Example.com', name: 'Ada',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ id: expect.any(String), message: 'Thank you. We received your message and sent you a confirmation by email.' });
    const [row] = await sql<Record<string, unknown>>('select * from support_messages where id = ?', [answer.body.id]);
    expect(row).toMatchObject({
      user_id: null, sender_email: 'listener@example.com', sender_name: 'Ada', topic: 'licences', reference: 'order local_cs_123',
      message: 'My licence PDF will not open.\nCan you send it again?', plan_level: 1, priority: 2, status: 'open',
    });

    const mails = await outbox(test, `support-message:${answer.body.id}`);
    expect(mails.map((m) => [m.dedup_key.split(':')[2], m.to_address])).toEqual([['ack', 'listener@example.com'], ['support', 'help@beats-support.co']]);
    const [ack, toSupport] = mails;
    expect(toSupport.subject).toBe('[YSM support] Licences and orders from listener@example.com');
    expect(toSupport.text).toContain('My licence PDF will not open.\nCan you send it again?');
    expect(toSupport.text).toContain('From: Ada <listener@example.com> (a visitor, not signed in)');
    expect(toSupport.text).toContain('Beat or order: order local_cs_123');
    expect(toSupport.text).toContain(`Reference: ${answer.body.id}`);
    expect(ack.subject).toBe('We received your message to YSM support');
    expect(ack.text).toContain(`Your reference: ${answer.body.id}`);
    // Anyone can type any address: the acknowledgement never carries the sender's words to it.
    expect(ack.text).not.toContain('licence PDF');

    const delivered = await deliveredMail(test, toSupport.id);
    expect(delivered).toMatch(/^To: help@beats-support\.co$/m);
    expect(delivered).toMatch(/^Subject: \[YSM support\] Licences and orders from listener@example\.com$/m);
    expect(await deliveredMail(test, ack.id)).toMatch(/^To: listener@example\.com$/m);
  });

  it('needs an email to answer, and refuses malformed, oversized and unknown input with a clear message, storing nothing', async () => {
    const before = await count(test, 'support_messages');
    const mailsBefore = await count(test, 'mail_outbox');
    const base = { topic: 'other', message: 'Hello', email: 'a@b.co' };
    const cases: [unknown, string][] = [
      [{ topic: 'other', message: 'Hello' }, 'Give your email address, so that we can answer you.'],
      [{ ...base, message: '   ' }, 'Write your message.'],
      [{ topic: 'other', email: 'a@b.co' }, 'Write your message.'],
      [{ ...base, message: 'x'.repeat(5001) }, 'A message is at most 5,000 characters.'],
      [{ ...base, topic: 'complaints' }, 'Choose a topic: account, billing, licences, producers, technical, privacy, other.'],
      [{ ...base, topic: 'refund_request' }, 'To ask for a money-back refund, use Request a refund on My Account.'],
      [{ ...base, email: 'not an address' }, 'Give one valid email address.'],
      [{ ...base, email: 'a@b.co, c@d.co' }, 'Give one valid email address.'],
      [{ ...base, reference: 'line one\nline two' }, 'A beat or order reference is one line.'],
      [{ ...base, reference: 'r'.repeat(201) }, 'A beat or order reference is at most 200 characters.'],
      [{ ...base, name: 'n'.repeat(101) }, 'Your name is at most 100 characters.'],
      [{ ...base, cc: 'x@y.co' }, 'Unknown field: cc.'],
      [[base], 'Send a JSON object with topic, message and, optionally, reference, email and name.'],
    ];
    for (const [body, error] of cases) {
      // A network each: refused attempts count against the limit too.
      expect({ body, answer: await contactRest(test, visitor(), body) }).toEqual({ body, answer: { status: 400, retryAfter: null, body: { error } } });
    }
    expect((await contactRest(test, visitor(), '{"topic": "other",')).status).toBe(400);
    const tooLarge = await contactRest(test, visitor(), { ...base, message: 'x'.repeat(40_000) });
    expect(tooLarge.status).toBe(413);
    expect(await count(test, 'support_messages')).toBe(before);
    expect(await count(test, 'mail_outbox')).toBe(mailsBefore);
  });

  it('over GraphQL too, with BAD_USER_INPUT for bad input', async () => {
    const ok = await gql<{ sendSupportMessage: { id: string } }>(test, visitor(), SEND, { i: { topic: 'TECHNICAL', message: 'The player stops.', email: 'gql@example.com' } });
    expect(ok.errors).toBeUndefined();
    const [row] = await sql<{ topic: string; sender_email: string }>('select topic, sender_email from support_messages where id = ?', [ok.data!.sendSupportMessage.id]);
    expect(row).toEqual({ topic: 'technical', sender_email: 'gql@example.com' });
    const long = await gql(test, visitor(), SEND, { i: { topic: 'OTHER', message: 'y'.repeat(5001), email: 'gql@example.com' } });
    expect(long.errors?.[0]).toMatchObject({ message: 'A message is at most 5,000 characters.', extensions: { code: 'BAD_USER_INPUT' } });
    const refund = await gql(test, visitor(), SEND, { i: { topic: 'REFUND_REQUEST', message: 'Refund me', email: 'gql@example.com' } });
    expect(refund.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const unknown = await gql(test, visitor(), SEND, { i: { topic: 'NOPE', message: 'x', email: 'gql@example.com' } });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('a signed-in user writes to support', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await registerAndSignIn(test, 'writer');
  });

  it('is answered at the account email, whatever email the form sends, with the plan recorded', async () => {
    await sql(`insert into billing_accounts (user_id, level, updated_at) select id, 3, now() from users where email = ? on conflict (user_id) do update set level = excluded.level`, [user.email]);
    const sent = await gql<{ sendSupportMessage: { id: string } }>(test, { token: user.accessToken, ip: freshNetwork() }, SEND, {
      i: { topic: 'BILLING', message: 'Which plan am I on?', email: 'someone-else@example.com' },
    });
    expect(sent.errors).toBeUndefined();
    const [row] = await sql<Record<string, unknown>>('select sender_email, plan_level, priority, user_id is not null as signed_in from support_messages where id = ?', [sent.data!.sendSupportMessage.id]);
    expect(row).toEqual({ sender_email: user.email, plan_level: 3, priority: 1, signed_in: true });
    const mails = await outbox(test, `support-message:${sent.data!.sendSupportMessage.id}`);
    expect(mails.map((m) => m.to_address).sort()).toEqual(['help@beats-support.co', user.email].sort());
    expect(mails.find((m) => m.to_address === 'help@beats-support.co')!.text).toContain(`(account ${user.username}, plan Premium)`);
  });

  it('REST takes the bearer token the same way; a forged one is refused', async () => {
    const sent = await contactRest(test, { token: user.accessToken, ip: freshNetwork() }, { topic: 'account', message: 'Change my username?' });
    expect(sent.status).toBe(201);
    const [row] = await sql<{ sender_email: string }>('select sender_email from support_messages where id = ?', [sent.body.id]);
    expect(row.sender_email).toBe(user.email);
    const forged = await contactRest(test, { token: 'forged.token.here', ip: freshNetwork() }, { topic: 'account', message: 'x', email: 'a@b.co' });
    expect(forged.status).toBe(401);
  });
});

describe('rate limits', () => {
  it('a network (anonymous or not) sends 4 messages an hour, then 429 with Retry-After; another network is not held back', async () => {
    const ip = freshNetwork();
    const body = { topic: 'other', message: 'Hello again', email: 'flood@example.com' };
    for (let i = 0; i < 4; i++) expect((await contactRest(test, { ip }, body)).status).toBe(201);
    const refused = await contactRest(test, { ip }, body);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^You have sent too many messages\. Please try again in \d+ minutes?\.$/);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(3600);
    const overGraphql = await gql(test, { ip }, SEND, { i: { topic: 'OTHER', message: 'x', email: 'flood@example.com' } });
    expect(overGraphql.errors?.[0]?.extensions?.code).toBe('TOO_MANY_REQUESTS');
    expect(await sql('select id from support_messages where sender_email = ?', ['flood@example.com'])).toHaveLength(4);
    expect((await contactRest(test, visitor(), body)).status).toBe(201);
  });

  it('IPv6 addresses of one /64 are one network', async () => {
    const body = { topic: 'other', message: 'v6', email: 'six@example.com' };
    for (let i = 1; i <= 4; i++) expect((await contactRest(test, { ip: `2001:db8:30:1::${i}` }, body)).status).toBe(201);
    expect((await contactRest(test, { ip: '2001:db8:30:1:ffff::9' }, body)).status).toBe(429);
    expect((await contactRest(test, { ip: '2001:db8:30:2::1' }, body)).status).toBe(201);
  });

  it('an account sends 3 messages an hour from any network', async () => {
    const user = await registerAndSignIn(test, 'chatty');
    const send = () => contactRest(test, { token: user.accessToken, ip: freshNetwork() }, { topic: 'other', message: 'One more thing' });
    for (let i = 0; i < 3; i++) expect((await send()).status).toBe(201);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(await sql('select id from support_messages where sender_email = ?', [user.email])).toHaveLength(3);
  });

  it('many messages at once from one network: exactly the limit is stored', async () => {
    const ip = freshNetwork();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => contactRest(test, { ip }, { topic: 'other', message: `burst ${i}`, email: 'burst@example.com' })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(4);
    expect(await sql('select id from support_messages where sender_email = ?', ['burst@example.com'])).toHaveLength(4);
  });
});

describe('the admin Inbox', () => {
  let admin: SignedInUser & { id: string };
  let listener: SignedInUser;
  const INBOX = `query($s: SupportMessageStatus, $p: Int) { supportInbox(status: $s, page: $p, pageSize: 100) {
    total pages counts { open answered closed } items { id topic message senderEmail username planName status replies { text authorEmail } } } }`;
  const REPLY = 'mutation($i: ReplyToSupportMessageInput!) { replyToSupportMessage(input: $i) { id status replies { text authorEmail } } }';

  beforeAll(async () => {
    admin = await signInAdmin(test);
    listener = await registerAndSignIn(test, 'listener');
    await sql('delete from support_messages');
    // Sent oldest first: a Free listener, an Enterprise user, a visitor, a Premium user, another Enterprise user.
    const senders: [string, number | null][] = [['free', 1], ['ent-old', 4], ['visitor', null], ['premium', 3], ['ent-new', 4]];
    for (const [name, level] of senders) {
      const sender = level === null ? null : await registerAndSignIn(test, name);
      if (sender) await sql(`insert into billing_accounts (user_id, level, updated_at) select id, ?, now() from users where email = ? on conflict (user_id) do update set level = excluded.level`, [level, sender.email]);
      const sent = await contactRest(test, { token: sender?.accessToken, ip: freshNetwork() }, { topic: 'other', message: name, ...(sender ? {} : { email: 'visitor@example.com' }) });
      expect(sent.status).toBe(201);
    }
  });

  it('lists Enterprise, then Premium, then the rest, newest first within each, with plans and counts', async () => {
    const inbox = await gql<{ supportInbox: { total: number; counts: Record<string, number>; items: { message: string; planName: string; username: string | null; status: string }[] } }>(
      test, { token: admin.accessToken, ip: freshNetwork() }, INBOX,
    );
    expect(inbox.errors).toBeUndefined();
    expect(inbox.data!.supportInbox.items.map((m) => [m.message, m.planName])).toEqual([
      ['ent-new', 'Enterprise'], ['ent-old', 'Enterprise'], ['premium', 'Premium'], ['visitor', 'Free'], ['free', 'Free'],
    ]);
    expect(inbox.data!.supportInbox.items.find((m) => m.message === 'visitor')!.username).toBeNull();
    expect(inbox.data!.supportInbox.counts).toEqual({ open: 5, answered: 0, closed: 0 });
  });

  it('is for admins only: a listener gets FORBIDDEN, a visitor UNAUTHENTICATED, and neither can reply or change a status', async () => {
    const [{ id }] = await sql<{ id: string }>(`select id from support_messages where message = 'free'`);
    expect((await gql(test, { token: listener.accessToken, ip: freshNetwork() }, INBOX)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await gql(test, { ip: freshNetwork() }, INBOX)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const reply = await gql(test, { token: listener.accessToken, ip: freshNetwork() }, REPLY, { i: { messageId: id, text: 'I am staff, honest' } });
    expect(reply.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const status = await gql(test, { token: listener.accessToken, ip: freshNetwork() }, 'mutation($m: ID!) { setSupportMessageStatus(messageId: $m, status: CLOSED) { id } }', { m: id });
    expect(status.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await count(test, 'support_replies')).toBe(0);
    expect((await sql<{ status: string }>('select status from support_messages where id = ?', [id]))[0].status).toBe('open');
  });

  it('a reply is kept in the thread, mailed to the sender, and marks the message answered; closing with a reply closes it', async () => {
    const [{ id }] = await sql<{ id: string }>(`select id from support_messages where message = 'visitor'`);
    const caller = { token: admin.accessToken, ip: freshNetwork() };
    const first = await gql<{ replyToSupportMessage: { status: string; replies: { text: string; authorEmail: string }[] } }>(test, caller, REPLY, { i: { messageId: id, text: 'Thanks for asking.\nHere is how.' } });
    expect(first.errors).toBeUndefined();
    expect(first.data!.replyToSupportMessage).toEqual({ id, status: 'ANSWERED', replies: [{ text: 'Thanks for asking.\nHere is how.', authorEmail: admin.email }] });
    const second = await gql<{ replyToSupportMessage: { status: string; replies: { text: string }[] } }>(test, caller, REPLY, { i: { messageId: id, text: 'Closing this now.', close: true } });
    expect(second.data!.replyToSupportMessage.status).toBe('CLOSED');
    expect(second.data!.replyToSupportMessage.replies.map((r) => r.text)).toEqual(['Thanks for asking.\nHere is how.', 'Closing this now.']);

    const replies = await sql<{ id: string }>('select id from support_replies where message_id = ? order by created_at', [id]);
    const mails = await sql<{ id: string; to_address: string; subject: string; text: string }>(
      `select id, to_address, subject, text from mail_outbox where dedup_key in (?, ?) order by created_at`, replies.map((r) => `support-reply:${r.id}`),
    );
    expect(mails.map((m) => m.to_address)).toEqual(['visitor@example.com', 'visitor@example.com']);
    expect(mails[0].subject).toBe('Re: your message to YSM support');
    expect(mails[0].text).toMatch(/^Thanks for asking\.\nHere is how\.\n/);
    expect(mails[0].text).toContain('> visitor');
    expect(await deliveredMail(test, mails[0].id)).toMatch(/^Subject: Re: your message to YSM support$/m);

    const answered = await gql<{ supportInbox: { items: { message: string }[]; counts: Record<string, number> } }>(test, caller, INBOX, { s: 'CLOSED' });
    expect(answered.data!.supportInbox.items.map((m) => m.message)).toEqual(['visitor']);
    expect(answered.data!.supportInbox.counts).toEqual({ open: 4, answered: 0, closed: 1 });
  });

  it('sets a status without mailing; refuses unknown messages, bad statuses and blank or oversized replies, changing nothing', async () => {
    const caller = { token: admin.accessToken, ip: freshNetwork() };
    const [{ id }] = await sql<{ id: string }>(`select id from support_messages where message = 'premium'`);
    const mailsBefore = await count(test, 'mail_outbox');
    const set = await gql<{ setSupportMessageStatus: { status: string } }>(test, caller, 'mutation($m: ID!) { setSupportMessageStatus(messageId: $m, status: ANSWERED) { status } }', { m: id });
    expect(set.data!.setSupportMessageStatus.status).toBe('ANSWERED');
    expect(await count(test, 'mail_outbox')).toBe(mailsBefore);

    const refusals: [Record<string, unknown>, string, string][] = [
      [{ messageId: randomUUID(), text: 'Hello' }, 'NOT_FOUND', 'No such support message.'],
      [{ messageId: 'nope', text: 'Hello' }, 'NOT_FOUND', 'No such support message.'],
      [{ messageId: id, text: '  ' }, 'BAD_USER_INPUT', 'Write a reply.'],
      [{ messageId: id, text: 'z'.repeat(5001) }, 'BAD_USER_INPUT', 'A reply is at most 5,000 characters.'],
    ];
    for (const [input, code, message] of refusals) {
      const answer = await gql(test, caller, REPLY, { i: input });
      expect({ input: input.text, error: answer.errors?.[0] }).toMatchObject({ input: input.text, error: { message, extensions: { code } } });
    }
    const badStatus = await gql(test, caller, 'mutation($m: ID!) { setSupportMessageStatus(messageId: $m, status: DONE) { status } }', { m: id });
    expect(badStatus.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect((await gql(test, caller, 'mutation($m: ID!) { setSupportMessageStatus(messageId: $m, status: OPEN) { id } }', { m: randomUUID() })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await sql(`select id from support_replies where message_id = ?`, [id])).toHaveLength(0);
    expect(await count(test, 'mail_outbox')).toBe(mailsBefore);
    const page = await gql(test, caller, INBOX, { p: 0 });
    expect(page.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('two admins replying at once: both replies are kept and mailed, one after the other', async () => {
    const [{ id }] = await sql<{ id: string }>(`select id from support_messages where message = 'free'`);
    const answers = await Promise.all(['First admin.', 'Second admin.'].map((text) => gql(test, { token: admin.accessToken, ip: freshNetwork() }, REPLY, { i: { messageId: id, text } })));
    expect(answers.map((a) => a.errors)).toEqual([undefined, undefined]);
    const replies = await sql<{ id: string }>('select id from support_replies where message_id = ?', [id]);
    expect(replies).toHaveLength(2);
    expect(await sql('select id from mail_outbox where dedup_key in (?, ?)', replies.map((r) => `support-reply:${r.id}`))).toHaveLength(2);
  });
});

describe('the web app learns the support address from the api', () => {
  it('GET /client-config names SUPPORT_EMAIL', async () => {
    const config = (await (await fetch(`${test.url}/client-config`)).json()) as { supportEmail: string };
    expect(config.supportEmail).toBe('help@beats-support.co');
  });
});
