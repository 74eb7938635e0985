import { randomUUID } from 'node:crypto';
import { CONFIRMATION_TTL_SECONDS, EmailConfirmation } from './email-confirmation';

function clock() {
  let now = Date.UTC(2026, 0, 1);
  return { now: () => now, advance: (seconds: number) => (now += seconds * 1000) };
}

const user = { id: randomUUID(), email: 'mia@example.com', username: 'mia' };

const confirmationAt = (time: ReturnType<typeof clock>, secret = 'secret-one') =>
  new EmailConfirmation({ secret, linkFor: (token) => `https://api.example.test/oidc/confirm-email?token=${token}`, productName: 'YSM', freeTokens: 25, now: time.now });

describe('EmailConfirmation', () => {
  it('signs a token for the account and its address, valid for 7 days', () => {
    const time = clock();
    const links = confirmationAt(time);
    const read = links.read(links.token(user))!;
    expect(read.userId).toBe(user.id);
    expect(read.matches('mia@example.com')).toBe(true);
    expect(read.matches('MIA@example.com')).toBe(true);
    expect(read.matches('other@example.com')).toBe(false);
    expect(read.expired).toBe(false);
  });

  it('expires after 7 days', () => {
    const time = clock();
    const links = confirmationAt(time);
    const token = links.token(user);
    time.advance(CONFIRMATION_TTL_SECONDS - 1);
    expect(links.read(token)!.expired).toBe(false);
    time.advance(1);
    expect(links.read(token)!.expired).toBe(true);
  });

  it('refuses tokens signed with another secret, altered, or malformed', () => {
    const time = clock();
    const token = confirmationAt(time).token(user);
    expect(confirmationAt(time, 'secret-two').read(token)!.matches(user.email)).toBe(false);
    const [id, expires, signature] = token.split('.');
    expect(confirmationAt(time).read(`${id}.${Number(expires) + 999}.${signature}`)!.matches(user.email)).toBe(false);
    expect(confirmationAt(time).read(`${randomUUID()}.${expires}.${signature}`)!.matches(user.email)).toBe(false);
    for (const junk of ['', 'abc', `${id}.${expires}`, `${id}.${expires}.${signature}x`, `../${token}`]) expect(confirmationAt(time).read(junk)).toBeNull();
  });

  it('mails the link with what it gives, and no password', () => {
    const mail = confirmationAt(clock()).mail(user);
    expect(mail.to).toBe('mia@example.com');
    expect(mail.subject).toBe('Confirm your email address for YSM');
    expect(mail.text).toContain("Confirm your email address to get the Free plan's 25 tokens a month:");
    expect(mail.text).toMatch(/https:\/\/api\.example\.test\/oidc\/confirm-email\?token=[0-9a-f-]{36}\.\d+\.[\w-]{43}\n/);
  });
});
