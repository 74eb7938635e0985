import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { throttle } from './throttle';

describe('throttle', () => {
  afterEach(() => jest.useRealTimers());

  it('sends the burst at once, then no faster than the rate', async () => {
    jest.useFakeTimers({ now: 0 });
    const received: number[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        received.push(chunk.length);
        callback();
      },
    });
    const total = () => received.reduce((a, b) => a + b, 0);
    // 100 KiB at 16 KiB a second after a 32 KiB burst.
    const done = pipeline(Readable.from([Buffer.alloc(100 * 1024)]), throttle({ bytesPerSecond: 16 * 1024, burstBytes: 32 * 1024 }), sink);
    await jest.advanceTimersByTimeAsync(0);
    expect(total()).toBe(32 * 1024);
    await jest.advanceTimersByTimeAsync(999);
    expect(total()).toBe(32 * 1024);
    await jest.advanceTimersByTimeAsync(1);
    expect(total()).toBe(48 * 1024);
    await jest.advanceTimersByTimeAsync(2000);
    expect(total()).toBe(80 * 1024);
    await jest.advanceTimersByTimeAsync(2000);
    await done;
    expect(total()).toBe(100 * 1024);
  });

  it('stops waiting when the listener goes', async () => {
    jest.useFakeTimers({ now: 0 });
    const stream = throttle({ bytesPerSecond: 1024, burstBytes: 0 });
    stream.write(Buffer.alloc(4096));
    stream.destroy();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(stream.destroyed).toBe(true);
    expect(jest.getTimerCount()).toBe(0);
  });
});
