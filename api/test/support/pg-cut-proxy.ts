import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that cuts a connection at a chosen point of the wire protocol,
 * so a test can place a database fault exactly (never on a timer):
 *
 * - `before-commit`: the COMMIT of the next transaction that ran a matching statement never reaches
 *   the server; the connection closes and the server rolls the transaction back.
 * - `after-commit`: that COMMIT reaches the server and completes there, but its answer never reaches
 *   the client; the connection closes. The client sees an error for a transaction that committed:
 *   the "lost acknowledgement" a killed connection can cause.
 *
 * It reads message boundaries only (type byte and length; the client's first message is the untyped
 * startup packet), forwarding every byte unchanged.
 */
export interface PgCutProxy {
  /** The same database address, through the proxy. */
  via(databaseUrl: string): string;
  /**
   * Arms a cut: the next transaction whose statements match `statement`, after the cuts armed before
   * it have happened. Resolves when it was cut.
   */
  cutCommit(statement: RegExp, when: 'before-commit' | 'after-commit'): Promise<void>;
  close(): Promise<void>;
}

interface Armed {
  readonly statement: RegExp;
  readonly when: 'before-commit' | 'after-commit';
  readonly done: () => void;
}

/** Splits a stream into protocol messages; `untypedFirst` for the client's startup packet. */
function messageReader(untypedFirst: boolean, onMessage: (type: string, body: Buffer) => void) {
  let buffered = Buffer.alloc(0);
  let first = untypedFirst;
  return (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      const header = first ? 4 : 5;
      if (buffered.length < header) return;
      const length = buffered.readInt32BE(first ? 0 : 1);
      const total = first ? length : length + 1;
      if (buffered.length < total) return;
      const type = first ? '' : String.fromCharCode(buffered[0]);
      onMessage(type, buffered.subarray(header, total));
      buffered = buffered.subarray(total);
      first = false;
    }
  };
}

/** The SQL text of a simple query ('Q') or a parse ('P': name, then the query). */
function sqlOf(type: string, body: Buffer): string | null {
  if (type === 'Q') return body.toString('utf8', 0, body.indexOf(0));
  if (type === 'P') {
    const start = body.indexOf(0) + 1;
    return body.toString('utf8', start, body.indexOf(0, start));
  }
  return null;
}

/** A proxy to the PostgreSQL server of `serverUrl` (its host and port). */
export async function startPgCutProxy(serverUrl: string): Promise<PgCutProxy> {
  const target = new URL(serverUrl);
  const queue: Armed[] = [];
  const sockets = new Set<Socket>();

  const server: Server = createServer((client) => {
    const upstream = connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let matched = false;
    // Set once a commit is held back from the client: the server's answers are dropped from then on.
    let swallowing = false;
    let cut: Armed | null = null;
    const closeBoth = () => {
      client.destroy();
      upstream.destroy();
    };
    const fromClient = messageReader(true, (type, body) => {
      const sql = sqlOf(type, body);
      const armed = queue[0];
      if (sql !== null && armed && !cut) {
        if (armed.statement.test(sql)) matched = true;
        if (matched && /^\s*commit\b/i.test(sql)) {
          cut = queue.shift()!;
          if (cut.when === 'before-commit') {
            closeBoth();
            cut.done();
            return;
          }
          swallowing = true;
        }
        if (/^\s*(rollback|begin)\b/i.test(sql)) matched = false;
      }
      const frame = Buffer.alloc((type ? 5 : 4) + body.length);
      if (type) {
        frame.write(type, 0, 'latin1');
        frame.writeInt32BE(body.length + 4, 1);
        body.copy(frame, 5);
      } else {
        frame.writeInt32BE(body.length + 4, 0);
        body.copy(frame, 4);
      }
      upstream.write(frame);
    });
    const fromServer = messageReader(false, (type) => {
      // ReadyForQuery after the held commit: the server has committed; the client never hears it.
      if (swallowing && type === 'Z') {
        closeBoth();
        cut?.done();
      }
    });
    client.on('data', (chunk: Buffer) => fromClient(chunk));
    upstream.on('data', (chunk: Buffer) => {
      const wasSwallowing = swallowing;
      fromServer(chunk);
      if (!wasSwallowing && !swallowing) client.write(chunk);
    });
    for (const socket of [client, upstream]) {
      socket.on('error', () => closeBoth());
      socket.on('close', () => {
        sockets.delete(socket);
        closeBoth();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    via: (databaseUrl) => {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cutCommit: (statement, when) =>
      new Promise<void>((done) => {
        queue.push({ statement, when, done });
      }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
