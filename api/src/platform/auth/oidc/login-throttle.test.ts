import { LoginThrottle } from './login-throttle';

const settings = { maxFailuresPerLogin: 3, maxFailuresPerIp: 5, windowSeconds: 60, lockoutSeconds: 120, maxEntries: 100 };

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (seconds: number) => (now += seconds * 1000) };
}

describe('LoginThrottle', () => {
  it('locks a login name at its limit, whatever the case, and for the lockout only', () => {
    const time = clock();
    const throttle = new LoginThrottle(settings, time.now);
    throttle.recordFailure('Alice', '10.0.0.1');
    throttle.recordFailure('alice', '10.0.0.2');
    expect(throttle.retryAfterSeconds('alice', '10.0.0.3')).toBe(0);
    throttle.recordFailure('ALICE ', '10.0.0.3');
    expect(throttle.retryAfterSeconds('alice', '10.0.0.9')).toBe(120);
    expect(throttle.retryAfterSeconds('bob', '10.0.0.9')).toBe(0);
    time.advance(119);
    expect(throttle.retryAfterSeconds('alice', '10.0.0.9')).toBe(1);
    time.advance(1);
    expect(throttle.retryAfterSeconds('alice', '10.0.0.9')).toBe(0);
  });

  it('forgets failures older than the window', () => {
    const time = clock();
    const throttle = new LoginThrottle(settings, time.now);
    throttle.recordFailure('carol', '10.0.0.1');
    throttle.recordFailure('carol', '10.0.0.1');
    time.advance(61);
    throttle.recordFailure('carol', '10.0.0.1');
    expect(throttle.retryAfterSeconds('carol', '10.0.0.1')).toBe(0);
  });

  it('locks an IP that tries many names', () => {
    const time = clock();
    const throttle = new LoginThrottle(settings, time.now);
    for (let i = 0; i < 5; i += 1) throttle.recordFailure(`user${i}`, '192.0.2.7');
    expect(throttle.retryAfterSeconds('someone-new', '192.0.2.7')).toBe(120);
    expect(throttle.retryAfterSeconds('someone-new', '192.0.2.8')).toBe(0);
  });

  it("clears a name's streak on success", () => {
    const throttle = new LoginThrottle(settings, clock().now);
    throttle.recordFailure('dave', '10.0.0.1');
    throttle.recordFailure('dave', '10.0.0.1');
    throttle.recordSuccess('Dave');
    throttle.recordFailure('dave', '10.0.0.1');
    expect(throttle.retryAfterSeconds('dave', '10.0.0.1')).toBe(0);
  });

  it('stays within its memory bound', () => {
    const throttle = new LoginThrottle({ ...settings, maxEntries: 50 }, clock().now);
    for (let i = 0; i < 500; i += 1) throttle.recordFailure(`name${i}`, `10.0.${i >> 8}.${i & 255}`);
    expect(throttle.size).toBeLessThanOrEqual(50);
  });
});
