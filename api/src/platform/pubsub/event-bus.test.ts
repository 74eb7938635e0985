import { createLogger } from '../logging/logger';
import { createMemoryEventBus, type EventBus } from './event-bus';
import { createRedisEventBus } from './redis-event-bus';
import { describeWithRedis } from '../../../test/support/redis-mode';

async function collect(bus: EventBus, channel: string, count: number, signal: AbortSignal): Promise<object[]> {
  const got: object[] = [];
  for await (const message of await bus.subscribe(channel, signal)) {
    got.push(message);
    if (got.length === count) break;
  }
  return got;
}

const settle = () => new Promise((r) => setTimeout(r, 100));

function contract(name: string, make: () => EventBus[]) {
  describe(name, () => {
    let buses: EventBus[];
    beforeEach(() => (buses = make()));
    afterEach(async () => Promise.all(buses.map((b) => b.close())));

    it('delivers messages of a channel to its subscribers, in order, across instances', async () => {
      const [a, b] = [buses[0], buses[buses.length - 1]];
      const controller = new AbortController();
      const received = collect(b, 'job-1', 3, controller.signal);
      const other = collect(b, 'job-2', 1, controller.signal);
      await settle();
      for (const n of [1, 2, 3]) await a.publish('job-1', { n });
      await a.publish('job-2', { other: true });
      expect(await received).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(await other).toEqual([{ other: true }]);
      controller.abort();
    });

    it('delivers every message published once subscribe resolves, before the first read', async () => {
      const [a, b] = [buses[0], buses[buses.length - 1]];
      const controller = new AbortController();
      const messages = await b.subscribe('job-early', controller.signal);
      for (const n of [1, 2, 3]) await a.publish('job-early', { n });
      await settle();
      const got: object[] = [];
      for await (const message of messages) {
        got.push(message);
        if (got.length === 3) break;
      }
      expect(got).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      controller.abort();
    });

    it('keeps a channel open while another subscriber of it still listens', async () => {
      const [a, b] = [buses[0], buses[buses.length - 1]];
      const first = new AbortController();
      const second = new AbortController();
      await b.subscribe('job-shared', first.signal);
      const staying = await b.subscribe('job-shared', second.signal);
      first.abort();
      await settle();
      await a.publish('job-shared', { n: 1 });
      const iterator = staying[Symbol.asyncIterator]();
      expect((await iterator.next()).value).toEqual({ n: 1 });
      second.abort();
    });

    it('ends a subscription quietly when it is aborted', async () => {
      const controller = new AbortController();
      const done = collect(buses[0], 'job-3', 10, controller.signal);
      await settle();
      await buses[0].publish('job-3', { n: 1 });
      await settle();
      controller.abort();
      expect(await done).toEqual([{ n: 1 }]);
    });
  });
}

contract('memory event bus', () => [createMemoryEventBus()]);

// The Redis mode runs where Redis is (CI sets REDIS_URL).
describeWithRedis('redis event bus', (redisUrl) => {
  const logger = createLogger('silent');
  contract('two instances', () => [createRedisEventBus(redisUrl, logger), createRedisEventBus(redisUrl, logger)]);
});
