import { createMemoryCounterStore } from '../../rate-limit/counter-store';
import { LoginThrottle, type SignInAttempt } from './login-throttle';

const settings = {
  accountFreeAttempts: 3,
  accountWindowSeconds: 3600,
  deviceFreeAttempts: 4,
  deviceWindowSeconds: 3600,
  networkFreeFailures: 5,
  networkWindowSeconds: 600,
  baseDelaySeconds: 30,
  maxDelaySeconds: 600,
};

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (seconds: number) => (now += seconds * 1000) };
}

const throttleAt = (time: ReturnType<typeof clock>, maxEntries = 1000) => {
  const store = createMemoryCounterStore({ now: time.now, maxEntries });
  return { throttle: new LoginThrottle(settings, store), store };
};

const stranger = (network = '198.51.100.7'): SignInAttempt => ({ accountId: 'acct-1', login: 'mia@example.com', network });
const owner: SignInAttempt = { accountId: 'acct-1', login: 'mia', network: '203.0.113.5', knownDevice: 'device-1' };

/** An attempt with a wrong password, as the form runs it: admitted or not, then counted as failed. */
async function fail(throttle: LoginThrottle, attempt: SignInAttempt) {
  const decision = await throttle.admit(attempt);
  if (decision.allowed) await throttle.failed(attempt);
  return decision;
}

describe('LoginThrottle', () => {
  it('counts an account, not the text typed: its username waits once its email has used the free attempts', async () => {
    const { throttle } = throttleAt(clock());
    for (let i = 0; i < 3; i += 1) expect(await fail(throttle, stranger())).toEqual({ allowed: true });
    const byUsername = { ...stranger('192.0.2.1'), login: 'Mia' };
    expect(await throttle.admit(byUsername)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // Another account is not held back.
    expect(await throttle.admit({ ...stranger(), accountId: 'acct-2' })).toEqual({ allowed: true });
  });

  it('slows down rather than locks: one attempt after each wait, the waits doubling to their cap', async () => {
    const time = clock();
    const { throttle } = throttleAt(time);
    for (let i = 0; i < 3; i += 1) await fail(throttle, stranger(`10.0.0.${i}`));
    const waits: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      // A new network each time, so that only the account's count is at work.
      const refused = await throttle.admit(stranger(`10.0.1.${i}`));
      if (refused.allowed) throw new Error('expected a wait');
      waits.push(refused.retryAfterSeconds);
      time.advance(refused.retryAfterSeconds);
      expect(await fail(throttle, stranger(`10.0.1.${i}`))).toEqual({ allowed: true });
    }
    expect(waits).toEqual([30, 60, 120, 240, 480, 600]);
  });

  it("lets the owner in on a known device whatever strangers did, on the device's own budget", async () => {
    const { throttle } = throttleAt(clock());
    for (let i = 0; i < 10; i += 1) await fail(throttle, stranger());
    expect((await throttle.admit(stranger('192.0.2.50'))).allowed).toBe(false);
    expect(await throttle.admit(owner)).toEqual({ allowed: true });
    await throttle.succeeded(owner);
    // The known device has its own budget: four attempts, then it waits too.
    for (let i = 0; i < 4; i += 1) expect(await fail(throttle, owner)).toEqual({ allowed: true });
    expect(await throttle.admit(owner)).toEqual({ allowed: false, retryAfterSeconds: 30 });
    // Another known device of the account has a budget of its own.
    expect(await throttle.admit({ ...owner, knownDevice: 'device-2' })).toEqual({ allowed: true });
  });

  it('counts a login that names no account exactly as an account, so the answers tell nothing apart', async () => {
    const { throttle } = throttleAt(clock());
    const unknown = (login: string): SignInAttempt => ({ accountId: null, login, network: '198.51.100.9' });
    for (let i = 0; i < 3; i += 1) expect(await fail(throttle, unknown('nobody@example.com'))).toEqual({ allowed: true });
    expect(await throttle.admit(unknown(' NOBODY@example.com'))).toEqual({ allowed: false, retryAfterSeconds: 30 });
  });

  it('makes a network that fails across many accounts wait, but not known devices', async () => {
    const { throttle } = throttleAt(clock());
    for (let i = 0; i < 5; i += 1) await fail(throttle, { accountId: `acct-${i}`, login: `user${i}`, network: '192.0.2.7' });
    expect(await throttle.admit({ accountId: 'acct-new', login: 'new', network: '192.0.2.7' })).toEqual({ allowed: false, retryAfterSeconds: 30 });
    expect(await throttle.admit({ accountId: 'acct-new', login: 'new', network: '192.0.2.8' })).toEqual({ allowed: true });
    expect(await throttle.admit({ ...owner, network: '192.0.2.7' })).toEqual({ allowed: true });
  });

  it('lets only the free attempts through a burst of parallel ones', async () => {
    const { throttle } = throttleAt(clock());
    const decisions = await Promise.all(Array.from({ length: 40 }, () => throttle.admit(stranger())));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(3);
  });

  it('starts the account over after a success on an unknown device', async () => {
    const { throttle } = throttleAt(clock());
    await fail(throttle, stranger());
    await fail(throttle, stranger());
    expect((await throttle.admit(stranger())).allowed).toBe(true);
    await throttle.succeeded(stranger());
    for (let i = 0; i < 3; i += 1) expect((await fail(throttle, stranger())).allowed).toBe(true);
  });

  it('stays within its memory bound', async () => {
    const { throttle, store } = throttleAt(clock(), 50);
    for (let i = 0; i < 500; i += 1) await fail(throttle, { accountId: null, login: `name${i}`, network: `10.0.${i >> 8}.${i & 255}` });
    expect(store.size).toBeLessThanOrEqual(50);
  });
});
