import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Graceful stop of an HTTP server that also carries WebSockets: stop listening, close idle
 * keep-alive connections, let requests in flight finish (each connection is closed once its last
 * request is answered), and cut whatever is left after the grace period.
 *
 * Apollo's drain plugin counts an upgraded socket as an idle HTTP connection and ends it at once,
 * which drops every open subscription with the stop; here a socket leaves the count when it is
 * upgraded: the WebSocket server drains it (websocket-server.ts).
 */
export function trackHttpConnections(server: Server) {
  /** Requests in flight per (not upgraded) socket. */
  const sockets = new Map<Socket, number>();
  let stopping = false;
  server.on('connection', (socket: Socket) => {
    sockets.set(socket, 0);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req: { socket: Socket }) => sockets.delete(req.socket));
  server.on('request', (req: { socket: Socket }, res: { once(event: 'finish', listener: () => void): void }) => {
    const socket = req.socket;
    sockets.set(socket, (sockets.get(socket) ?? 0) + 1);
    res.once('finish', () => {
      const left = (sockets.get(socket) ?? 1) - 1;
      if (!sockets.has(socket)) return;
      sockets.set(socket, left);
      if (stopping && left === 0) socket.end();
    });
  });
  return {
    /** Resolves once every HTTP connection is closed, or after `graceMs` with the rest destroyed. */
    async stop(graceMs: number): Promise<void> {
      stopping = true;
      server.close(() => undefined);
      for (const [socket, requests] of sockets) if (requests === 0) socket.end();
      const deadline = Date.now() + graceMs;
      while (sockets.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      for (const socket of sockets.keys()) socket.destroy();
    },
  };
}
