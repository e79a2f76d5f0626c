import net from 'node:net';

/**
 * Stand-ins for a database that is away, without touching the real one: a port nobody listens on
 * (connection refused), a host that accepts and never answers, and a proxy that can "restart" the
 * database for one client by dropping its connections and refusing new ones for a while.
 */

async function listen(server: net.Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as net.AddressInfo).port;
}

async function close(server: net.Server): Promise<void> {
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** A port on 127.0.0.1 that was free a moment ago: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const probe = net.createServer();
  const port = await listen(probe);
  await close(probe);
  return port;
}

/** Accepts connections and never says a word, like a database host behind a dropped route. */
export async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  const port = await listen(server);
  return {
    port,
    async close() {
      for (const socket of sockets) socket.destroy();
      await close(server);
    },
  };
}

export interface TcpProxy {
  port: number;
  /** The database goes away: every open connection is cut and new ones are refused. */
  stop(): Promise<void>;
  /** The database is back on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** Forwards 127.0.0.1:<port> to target; stop() and start() act like a database restart. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<net.Socket>();
  const createServer = () =>
    net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        pairs.add(socket);
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
        socket.on('close', () => pairs.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
  let server: net.Server | null = createServer();
  const port = await listen(server);
  const stop = async () => {
    if (!server) return;
    const closing = close(server);
    server = null;
    // resetAndDestroy sends RST, as a host whose database process died would.
    for (const socket of pairs) {
      if (!socket.destroyed) socket.resetAndDestroy();
    }
    await closing;
  };
  return {
    port,
    stop,
    async start() {
      if (server) return;
      server = createServer();
      await listen(server, port);
    },
    close: stop,
  };
}
