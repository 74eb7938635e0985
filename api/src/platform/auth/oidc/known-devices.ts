import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

/**
 * Browsers an account has signed in on (OWASP's "device cookie"): after a successful sign-in or
 * registration the browser gets a long-lived, HttpOnly cookie, signed with the provider's cookie
 * keys, that names a random device id and the accounts (at most {@link MAX_ACCOUNTS}) that signed
 * in on it. The sign-in throttle counts that browser's attempts for those accounts on their own, so
 * a stranger's failures never keep the owner out of a browser they have used before.
 */
export const KNOWN_DEVICE_COOKIE = 'ysm_known_device';
const MAX_ACCOUNTS = 5;
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const VERSION = 'v1';

export interface KnownDevice {
  readonly id: string;
  /** Account ids, the latest sign-in first. */
  readonly accounts: readonly string[];
}

export interface KnownDevicesOptions {
  /** HMAC keys; the first signs, any verifies (rotation). */
  readonly keys: readonly string[];
  /** Cookie path: the provider's interaction routes (`/oidc/interaction`). */
  readonly path: string;
  /** Secure cookie (an https issuer). */
  readonly secure: boolean;
}

const ID = /^[A-Za-z0-9_-]{22}$/;
const ACCOUNT = /^[A-Za-z0-9:_-]{1,64}$/;

export class KnownDevices {
  constructor(private readonly options: KnownDevicesOptions) {}

  /** The browser's known-device cookie, when it is there and its signature holds. */
  read(req: Request): KnownDevice | null {
    const raw = cookieValue(req.headers.cookie, KNOWN_DEVICE_COOKIE);
    if (!raw) return null;
    const [version, id, list, signature, ...rest] = raw.split('.');
    if (version !== VERSION || rest.length || !id || !ID.test(id) || list === undefined || !signature) return null;
    const accounts = list ? list.split('~') : [];
    if (accounts.length > MAX_ACCOUNTS || !accounts.every((a) => ACCOUNT.test(a))) return null;
    const given = Buffer.from(signature);
    const valid = this.options.keys.some((key) => {
      const expected = Buffer.from(sign(key, id, list));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    return valid ? { id, accounts } : null;
  }

  /** The device id when this browser is known for `accountId`. */
  deviceFor(req: Request, accountId: string | null): string | undefined {
    if (!accountId) return undefined;
    const device = this.read(req);
    return device?.accounts.includes(accountId) ? device.id : undefined;
  }

  /** Records a sign-in of `accountId` on this browser (a new device id if it had none). */
  remember(req: Request, res: Response, accountId: string): void {
    if (!ACCOUNT.test(accountId)) return;
    const device = this.read(req);
    const id = device?.id ?? randomBytes(16).toString('base64url');
    const accounts = [accountId, ...(device?.accounts ?? []).filter((a) => a !== accountId)].slice(0, MAX_ACCOUNTS);
    const list = accounts.join('~');
    res.cookie(KNOWN_DEVICE_COOKIE, `${VERSION}.${id}.${list}.${sign(this.options.keys[0], id, list)}`, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.secure,
      path: this.options.path,
      maxAge: MAX_AGE_SECONDS * 1000,
      // The value is ours, unencoded (base64url and the separators need no encoding).
      encode: (value) => value,
    });
  }
}

const sign = (key: string, id: string, list: string) =>
  createHmac('sha256', key).update(`known-device\n${id}\n${list}`).digest('base64url');

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}
