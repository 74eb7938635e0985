import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OutgoingMail } from '../../platform/mail/mail-outbox';

/** How long a confirmation link works. */
export const CONFIRMATION_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface EmailConfirmationOptions {
  /** HMAC key of the links (an app secret: every instance signs and checks alike). */
  readonly secret: string;
  /** The page a link opens, given its token (the built-in identity provider's `/confirm-email`). */
  readonly linkFor: (token: string) => string;
  readonly productName: string;
  /** The Free plan's monthly tokens, which the confirmation starts. */
  readonly freeTokens: number;
  readonly now?: () => number;
}

/** A link's token, read: whose it is, and whether its signature and date hold for `email`. */
export interface ConfirmationToken {
  readonly userId: string;
  readonly expired: boolean;
  /** True when the token was signed for this id and email (an address changed since fails). */
  matches(email: string): boolean;
}

/**
 * Email confirmation links of local accounts: `<user id>.<expiry>.<HMAC of id, email and expiry>`.
 * No table: the signature proves the link was mailed to that address, and a changed address makes
 * every older link fail. The email itself stays out of the link (and so out of logs and histories).
 */
export class EmailConfirmation {
  private readonly now: () => number;

  constructor(private readonly options: EmailConfirmationOptions) {
    this.now = options.now ?? Date.now;
  }

  token(user: { id: string; email: string }): string {
    const expires = Math.floor(this.now() / 1000) + CONFIRMATION_TTL_SECONDS;
    return `${user.id}.${expires}.${this.sign(user.id, user.email, expires)}`;
  }

  /** The token's parts, or null when it cannot be one of ours. */
  read(token: string): ConfirmationToken | null {
    const match = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const [, userId, expiresText, signature] = match;
    const expires = Number(expiresText);
    return {
      userId,
      expired: expires * 1000 <= this.now(),
      matches: (email) => {
        const expected = Buffer.from(this.sign(userId, email, expires));
        const given = Buffer.from(signature);
        return expected.length === given.length && timingSafeEqual(expected, given);
      },
    };
  }

  /** The mail that carries a new link. */
  mail(user: { id: string; email: string; username: string }): OutgoingMail {
    const { productName, freeTokens } = this.options;
    return {
      to: user.email,
      subject: `Confirm your email address for ${productName}`,
      text: [
        `Welcome to ${productName}, ${user.username}.`,
        '',
        `Confirm your email address to get the Free plan's ${freeTokens} tokens a month:`,
        this.options.linkFor(this.token(user)),
        '',
        'The link works for 7 days. If you did not create this account, ignore this mail: nothing',
        'happens without the link.',
      ].join('\n'),
    };
  }

  private sign(userId: string, email: string, expires: number): string {
    return createHmac('sha256', this.options.secret).update(`email-confirmation\n${userId}\n${email.toLowerCase()}\n${expires}`).digest('base64url');
  }
}
