import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { Readable, Writable } from 'node:stream';
import express from 'express';
import { DomainError } from '../errors';
import { BodyMeter, closeUnreadBodies } from './request-body';
import { UploadBudget } from './upload-budget';

const tooLarge = () => new DomainError('PAYLOAD_TOO_LARGE', 'Too large.');
const sink = () => new Writable({ write: (_chunk, _encoding, done) => done() });

describe('BodyMeter', () => {
  it('passes a body up to its limit and fails past it, whatever the pieces', async () => {
    const pieces = () => Readable.from([Buffer.alloc(300), Buffer.alloc(300), Buffer.alloc(300)]);
    const within = new BodyMeter(900, tooLarge);
    await pipeline(pieces(), within, sink());
    expect(within.bytes).toBe(900);
    await expect(pipeline(pieces(), new BodyMeter(899, tooLarge), sink())).rejects.toThrow('Too large.');
  });

  it('keeps the upload budget covering what went through, and fails when it does not fit', async () => {
    const budget = new UploadBudget({ perUserBytes: 1024 * 1024, totalBytes: 1024 * 1024 });
    const other = budget.reserve('ana', 1024 * 1024 - 500);
    const reservation = budget.reserve('ana');
    const meter = new BodyMeter(10_000, tooLarge, reservation);
    await expect(pipeline(Readable.from([Buffer.alloc(400), Buffer.alloc(400)]), meter, sink())).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(reservation.bytes).toBe(400);
    reservation.release();
    other.release();
    expect(budget.usage()).toBe(0);
  });
});

describe('closeUnreadBodies', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    const app = express();
    app.use(closeUnreadBodies({ lingerBytes: 256 * 1024, lingerMs: 10_000 }));
    // Refuses at once, without reading the body.
    app.post('/refuse', (_req, res) => void res.status(413).json({ error: 'no' }));
    server = createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** Sends up to `total` bytes (chunked) until the server closes the connection. */
  const send = (total: number) =>
    new Promise<{ status: number; sent: number; closedEarly: boolean }>((resolve) => {
      let status = 0;
      let sent = 0;
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/refuse', headers: { 'content-type': 'application/octet-stream' } });
      req.on('response', (res) => {
        status = res.statusCode ?? 0;
        res.resume();
      });
      req.on('error', () => undefined);
      const piece = Buffer.alloc(64 * 1024);
      const pump = () => {
        while (sent < total && !req.destroyed) {
          sent += piece.length;
          if (!req.write(piece)) return void req.once('drain', pump);
        }
        if (!req.destroyed) req.end();
      };
      req.on('close', () => resolve({ status, sent, closedEarly: sent < total }));
      pump();
    });

  it('answers, reads off a little more of the body, then closes the connection', async () => {
    const result = await send(256 * 1024 * 1024);
    expect(result.status).toBe(413);
    expect(result.closedEarly).toBe(true);
    expect(result.sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('keeps the connection of a client whose body ends within the linger', async () => {
    const result = await send(128 * 1024);
    expect(result).toMatchObject({ status: 413, closedEarly: false });
  });
});
