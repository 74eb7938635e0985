import type { Request, Response } from 'express';
import { KNOWN_DEVICE_COOKIE, KnownDevices } from './known-devices';

const devices = new KnownDevices({ keys: ['key-one'], path: '/oidc/interaction', secure: true });

/** A request carrying `cookie`, and a response that records what `res.cookie` set. */
function exchange(cookie?: string) {
  const req = { headers: cookie ? { cookie } : {} } as unknown as Request;
  const set: { name: string; value: string; options: Record<string, unknown> }[] = [];
  const res = { cookie: (name: string, value: string, options: Record<string, unknown>) => set.push({ name, value, options }) } as unknown as Response;
  return { req, res, set };
}

/** Signs in `accounts` one after another in one browser; answers its cookie. */
function browserOf(...accounts: string[]): string {
  let cookie: string | undefined;
  for (const account of accounts) {
    const { req, res, set } = exchange(cookie);
    devices.remember(req, res, account);
    cookie = `${set[0].name}=${set[0].value}`;
  }
  return cookie!;
}

describe('KnownDevices', () => {
  it('sets a long-lived, HttpOnly, SameSite=Lax cookie for the interaction routes only', () => {
    const { req, res, set } = exchange();
    devices.remember(req, res, 'acct-1');
    expect(set).toHaveLength(1);
    expect(set[0].name).toBe(KNOWN_DEVICE_COOKIE);
    expect(set[0].options).toMatchObject({ httpOnly: true, sameSite: 'lax', secure: true, path: '/oidc/interaction', maxAge: 365 * 24 * 3600 * 1000 });
  });

  it('knows the accounts that signed in on the browser, and keeps its device id', () => {
    const cookie = browserOf('acct-1', 'acct-2');
    const { req } = exchange(`other=1; ${cookie}`);
    const device = devices.read(req);
    expect(device?.accounts).toEqual(['acct-2', 'acct-1']);
    expect(devices.deviceFor(req, 'acct-1')).toBe(device?.id);
    expect(devices.deviceFor(req, 'acct-3')).toBeUndefined();
    expect(devices.deviceFor(req, null)).toBeUndefined();
    expect(devices.read(exchange(browserOf('acct-1')).req)?.id).not.toBe(device?.id);
  });

  it('keeps the five latest accounts', () => {
    const cookie = browserOf('a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a2');
    expect(devices.read(exchange(cookie).req)?.accounts).toEqual(['a2', 'a6', 'a5', 'a4', 'a3']);
  });

  it('ignores a cookie whose accounts were changed, or that another key signed', () => {
    const cookie = browserOf('acct-1');
    const forged = cookie.replace('acct-1', 'acct-9');
    expect(devices.read(exchange(forged).req)).toBeNull();
    expect(devices.deviceFor(exchange(forged).req, 'acct-9')).toBeUndefined();
    const otherKey = new KnownDevices({ keys: ['key-two'], path: '/', secure: false });
    expect(otherKey.read(exchange(cookie).req)).toBeNull();
    for (const junk of ['', 'v1', 'v1.x.y.z', `${KNOWN_DEVICE_COOKIE}=v2.abc.acct.sig`]) expect(devices.read(exchange(junk).req)).toBeNull();
  });

  it('still reads cookies signed with an older key after rotation', () => {
    const rotated = new KnownDevices({ keys: ['key-new', 'key-one'], path: '/', secure: false });
    expect(rotated.read(exchange(browserOf('acct-1')).req)?.accounts).toEqual(['acct-1']);
  });
});
