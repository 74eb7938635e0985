import { once } from 'node:events';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { createLogger } from './logger';
import { requestLog } from './request-log';

interface Line {
  level: number;
  msg: string;
  req: { id: number; method: string; url: string; remoteAddress: string };
  res: { statusCode: number };
  responseTime: number;
}

let server: Server;
let url: string;
const lines: Line[] = [];

beforeAll(async () => {
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const app = express();
  app.use(requestLog(createLogger('info', 'api', capture), { ignore: (path) => path === '/healthz' }));
  app.get('/ok', (_req, res) => void res.json({ ok: true }));
  app.get('/boom', (_req, res) => void res.status(500).json({ error: 'boom' }));
  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/slow', () => undefined); // never answers: the client gives up
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => void (lines.length = 0));

async function nextLine(): Promise<Line> {
  for (let i = 0; i < 100 && lines.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
  expect(lines).toHaveLength(1);
  return lines[0];
}

describe('request log', () => {
  it('writes one line per answered request: id, method, address without credentials, client, status and time', async () => {
    expect((await fetch(`${url}/ok?access_token=secret-value&x=1`)).status).toBe(200);
    const line = await nextLine();
    expect(line).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/ok?access_token=[redacted]&x=1', remoteAddress: '127.0.0.1' }, res: { statusCode: 200 } });
    expect(line.responseTime).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(line)).not.toContain('secret-value');
    const first = line.req.id;
    lines.length = 0;
    await fetch(`${url}/ok`);
    expect((await nextLine()).req.id).toBe(first + 1);
  });

  it('logs a 5xx at error level', async () => {
    expect((await fetch(`${url}/boom`)).status).toBe(500);
    expect(await nextLine()).toMatchObject({ level: 50, msg: 'request errored', res: { statusCode: 500 } });
  });

  it('skips ignored paths', async () => {
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    await fetch(`${url}/ok`);
    expect((await nextLine()).req.url).toBe('/ok');
  });

  it('says when the client went away before the answer', async () => {
    const req = httpRequest(`${url}/slow`);
    req.on('error', () => undefined);
    req.end();
    await new Promise((r) => setTimeout(r, 50));
    req.destroy();
    expect(await nextLine()).toMatchObject({ level: 30, msg: 'request aborted', req: { url: '/slow' } });
  });
});
