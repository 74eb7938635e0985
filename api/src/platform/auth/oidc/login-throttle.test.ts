import { createMemoryCounterStore } from '../../rate-limit/counter-store';
import { LoginThrottle } from './login-throttle';

const settings = { maxFailuresPerLogin: 3, maxFailuresPerIp: 5, windowSeconds: 60, lockoutSeconds: 120 };

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (seconds: number) => (now += seconds * 1000) };
}

const throttleAt = (time: ReturnType<typeof clock>, maxEntries = 100) => {
  const store = createMemoryCounterStore({ now: time.now, maxEntries });
  return { throttle: new LoginThrottle(settings, store), store };
};

describe('LoginThrottle', () => {
  it('locks a login name at its limit, whatever the case, and for the lockout only', async () => {
    const time = clock();
    const { throttle } = throttleAt(time);
    await throttle.recordFailure('Alice', '10.0.0.1');
    await throttle.recordFailure('alice', '10.0.0.2');
    expect(await throttle.retryAfterSeconds('alice', '10.0.0.3')).toBe(0);
    await throttle.recordFailure('ALICE ', '10.0.0.3');
    expect(await throttle.retryAfterSeconds('alice', '10.0.0.9')).toBe(120);
    expect(await throttle.retryAfterSeconds('bob', '10.0.0.9')).toBe(0);
    time.advance(119);
    expect(await throttle.retryAfterSeconds('alice', '10.0.0.9')).toBe(1);
    time.advance(1);
    expect(await throttle.retryAfterSeconds('alice', '10.0.0.9')).toBe(0);
  });

  it('forgets failures older than the window', async () => {
    const time = clock();
    const { throttle } = throttleAt(time);
    await throttle.recordFailure('carol', '10.0.0.1');
    await throttle.recordFailure('carol', '10.0.0.1');
    time.advance(61);
    await throttle.recordFailure('carol', '10.0.0.1');
    expect(await throttle.retryAfterSeconds('carol', '10.0.0.1')).toBe(0);
  });

  it('locks an IP that tries many names', async () => {
    const time = clock();
    const { throttle } = throttleAt(time);
    for (let i = 0; i < 5; i += 1) await throttle.recordFailure(`user${i}`, '192.0.2.7');
    expect(await throttle.retryAfterSeconds('someone-new', '192.0.2.7')).toBe(120);
    expect(await throttle.retryAfterSeconds('someone-new', '192.0.2.8')).toBe(0);
  });

  it("clears a name's streak on success", async () => {
    const { throttle } = throttleAt(clock());
    await throttle.recordFailure('dave', '10.0.0.1');
    await throttle.recordFailure('dave', '10.0.0.1');
    await throttle.recordSuccess('Dave');
    await throttle.recordFailure('dave', '10.0.0.1');
    expect(await throttle.retryAfterSeconds('dave', '10.0.0.1')).toBe(0);
  });

  it('stays within its memory bound', async () => {
    const { throttle, store } = throttleAt(clock(), 50);
    for (let i = 0; i < 500; i += 1) await throttle.recordFailure(`name${i}`, `10.0.${i >> 8}.${i & 255}`);
    expect(store.size).toBeLessThanOrEqual(50);
  });
});
