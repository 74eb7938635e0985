import { HashGate, createPasswordHasher } from './password';

/** A promise with its resolve function, to finish work when the test says so. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('password hashing', () => {
  it('hashes, verifies, and never matches a wrong password or a malformed hash', async () => {
    const hasher = createPasswordHasher();
    const stored = await hasher.hash('violet-harbour-41');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await hasher.verify('violet-harbour-41', stored)).toBe(true);
    expect(await hasher.verify('violet-harbour-42', stored)).toBe(false);
    expect(await hasher.verify('violet-harbour-41', 'plain$text')).toBe(false);
  });

  it('spends a full hash on an unknown login, as on a known one', async () => {
    const hasher = createPasswordHasher();
    await hasher.verifyNothing('warm-up');
    const before = hasher.gate.stats.computed;
    expect(await hasher.verifyNothing('anything')).toBe(false);
    expect(hasher.gate.stats.computed).toBe(before + 1);
  });

  it('runs at most `concurrency` hashes at once and refuses past its queue', async () => {
    const gate = new HashGate({ concurrency: 2, maxWaiting: 3 });
    const releases = Array.from({ length: 5 }, deferred);
    let running = 0;
    let peak = 0;
    const work = (i: number) => gate.run(async () => {
      running += 1;
      peak = Math.max(peak, running);
      await releases[i].promise;
      running -= 1;
      return i;
    });
    const accepted = [0, 1, 2, 3, 4].map(work);
    expect(gate.stats).toMatchObject({ running: 2, waiting: 3 });
    await expect(work(0)).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(gate.stats.refused).toBe(1);
    releases.forEach((r) => r.resolve());
    expect(await Promise.all(accepted)).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(gate.stats).toMatchObject({ running: 0, waiting: 0, computed: 5 });
  });
});
