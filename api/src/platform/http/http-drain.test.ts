import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { trackHttpConnections } from './http-drain';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server whose /slow answers after `slowMs`, with a WebSocket endpoint beside it. */
async function start(slowMs: number) {
  const server: Server = createServer((req, res) => {
    if (req.url === '/slow') setTimeout(() => res.end('slow done'), slowMs).unref();
    else res.end('ok');
  });
  const drain = trackHttpConnections(server);
  const wss = new WebSocketServer({ server });
  wss.on('connection', (socket) => socket.on('message', (data) => socket.send(data)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, drain, wss, port };
}

const get = (port: number, path: string) =>
  new Promise<string>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });

describe('HTTP drain', () => {
  it('lets a request in flight finish, refuses new connections, and leaves upgraded sockets to their server', async () => {
    const { drain, wss, port } = await start(300);
    const socket = new WebSocket(`ws://127.0.0.1:${port}`);
    await new Promise((resolve) => socket.once('open', resolve));
    const slow = get(port, '/slow');
    await wait(50);
    const stopped = drain.stop(5000);
    await wait(20);
    await expect(get(port, '/')).rejects.toThrow(/ECONNREFUSED/);
    expect(await slow).toBe('slow done');
    await stopped;
    // The WebSocket still works after the HTTP side has drained: its own server closes it.
    socket.send('still here');
    const echo = await new Promise<string>((resolve) => socket.once('message', (data: Buffer) => resolve(data.toString())));
    expect(echo).toBe('still here');
    const closed = new Promise<number>((resolve) => socket.once('close', resolve));
    for (const client of wss.clients) client.close(1001, 'going away');
    expect(await closed).toBe(1001);
    wss.close();
  });

  it('cuts a request that outlasts the grace period', async () => {
    const { drain, wss, port } = await start(10_000);
    const slow = get(port, '/slow');
    await wait(50);
    const began = Date.now();
    await drain.stop(200);
    expect(Date.now() - began).toBeLessThan(5000);
    await expect(slow).rejects.toThrow(/socket hang up|ECONNRESET/);
    wss.close();
  });
});
