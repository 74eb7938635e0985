import { createMemoryCounterStore } from './counter-store';
import { createSlowdown, slowdownDelaySeconds } from './slowdown';

const rule = { name: 'test', free: 3, windowSeconds: 3600, baseDelaySeconds: 30, maxDelaySeconds: 240 };

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (seconds: number) => (now += seconds * 1000) };
}

describe('slowdown', () => {
  it('doubles the wait after the free attempts, up to its cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map((n) => slowdownDelaySeconds(rule, n))).toEqual([0, 0, 30, 60, 120, 240, 240, 240]);
  });

  it('lets the free attempts through, then one attempt after each wait, never locking the key out', async () => {
    const time = clock();
    const slowdown = createSlowdown(createMemoryCounterStore({ now: time.now }), rule);
    for (let i = 0; i < 3; i += 1) {
      expect(await slowdown.waitSeconds('k')).toBe(0);
      expect(await slowdown.count('k')).toBe(true);
    }
    expect(await slowdown.waitSeconds('k')).toBe(30);
    expect(await slowdown.waitSeconds('other')).toBe(0);
    time.advance(30);
    expect(await slowdown.waitSeconds('k')).toBe(0);
    expect(await slowdown.count('k')).toBe(true);
    expect(await slowdown.waitSeconds('k')).toBe(60);
    time.advance(60);
    expect(await slowdown.count('k')).toBe(true);
    expect(await slowdown.waitSeconds('k')).toBe(120);
  });

  it('lets exactly one of many concurrent attempts take the slot after the free ones', async () => {
    const slowdown = createSlowdown(createMemoryCounterStore(), rule);
    const allowed = await Promise.all(Array.from({ length: 20 }, () => slowdown.count('k')));
    expect(allowed.filter(Boolean)).toHaveLength(3);
    // The slot after the free attempts went to one of them; the rest wait.
    expect(await slowdown.waitSeconds('k')).toBe(30);
  });

  it('refills at the end of the window, and forgets a key that is cleared', async () => {
    const time = clock();
    const slowdown = createSlowdown(createMemoryCounterStore({ now: time.now }), rule);
    for (let i = 0; i < 5; i += 1) await slowdown.count('a');
    await slowdown.count('b');
    await slowdown.count('b');
    await slowdown.count('b');
    await slowdown.clear('b');
    expect(await slowdown.waitSeconds('b')).toBe(0);
    expect(await slowdown.count('b')).toBe(true);
    time.advance(3600);
    expect(await slowdown.waitSeconds('a')).toBe(0);
    expect(await slowdown.count('a')).toBe(true);
    expect(await slowdown.waitSeconds('a')).toBe(0);
  });
});
