import { createServer, connect, type Server, type Socket } from 'node:net';

const drop = () => {};

/** The first message of a PostgreSQL client asking for TLS (SSLRequest) or GSS encryption. */
const ENCRYPTION_REQUESTS = new Set([80877103, 80877104]);

/**
 * Plays a PostgreSQL server that refuses the session: reads the client's startup message (declining
 * TLS and GSS encryption first, 'N'), answers a FATAL ErrorResponse with `code` and `message` as
 * the real server does (PostgreSQL's protocol 3.0), and closes the connection.
 */
function refuseSession(client: Socket, refusal: { code: string; message: string }): void {
  let pending = Buffer.alloc(0);
  client.on('error', () => {});
  client.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= 8) {
      const length = pending.readInt32BE(0);
      if (pending.length < length) return;
      const message = pending.subarray(0, length);
      pending = pending.subarray(length);
      if (length === 8 && ENCRYPTION_REQUESTS.has(message.readInt32BE(4))) {
        client.write('N');
        continue;
      }
      const field = (type: string, value: string) => Buffer.concat([Buffer.from(type), Buffer.from(`${value}\0`)]);
      const fields = Buffer.concat([
        field('S', 'FATAL'),
        field('V', 'FATAL'),
        field('C', refusal.code),
        field('M', refusal.message),
        Buffer.from([0]),
      ]);
      const header = Buffer.alloc(5);
      header.write('E', 0);
      header.writeInt32BE(4 + fields.length, 1);
      client.end(Buffer.concat([header, fields]));
      return;
    }
  });
}

/**
 * A TCP proxy on 127.0.0.1 in front of a real server (PostgreSQL), which a test closes to cut
 * every connection and refuse new ones — an outage of the database as the application sees it,
 * without touching the shared database server — and opens again on the same port.
 *
 * It can also cut the network silently (cut): nothing is forwarded any more and nothing is closed,
 * as when packets are dropped on the way, without the reset that close() sends.
 */
export class LoopbackProxy {
  #server: Server | null = null;
  readonly #sockets = new Set<Socket>();
  /** Connections whose bytes are dropped: the ones open at cut(), and those accepted while cut. */
  readonly #silenced = new Set<() => void>();
  #cut = false;
  /** While set, new connections are answered by a PostgreSQL refusing the session (refuse). */
  #refusal: { code: string; message: string } | null = null;

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  get isOpen(): boolean {
    return this.#server !== null;
  }

  async open(): Promise<void> {
    if (this.#server) return;
    const server = createServer((client) => {
      this.#track(client);
      if (this.#cut) {
        // Never reaches the server: the client waits for an answer that does not come.
        client.on('data', drop);
        client.on('error', () => {});
        return;
      }
      if (this.#refusal) {
        refuseSession(client, this.#refusal);
        return;
      }
      const upstream = connect(this.target.port, this.target.host);
      this.#track(upstream);
      let silenced = false;
      const fail = () => {
        if (silenced) return;
        client.destroy();
        upstream.destroy();
      };
      client.on('error', fail);
      upstream.on('error', fail);
      client.pipe(upstream);
      upstream.pipe(client);
      const silence = () => {
        // Both sockets stay open; what either side sends, an end or a reset included, is lost.
        silenced = true;
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.on('data', drop).resume();
        upstream.on('data', drop).resume();
      };
      this.#silenced.add(silence);
      client.on('close', () => this.#silenced.delete(silence));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.#server = server;
  }

  /**
   * Drops every byte from now on, on the connections open now and on new ones, without closing
   * anything: the client learns nothing until its own timeouts fire.
   */
  cut(): void {
    this.#cut = true;
    for (const silence of this.#silenced) silence();
    this.#silenced.clear();
  }

  /**
   * Refuses every new session with the PostgreSQL error `code` (a SQLSTATE) and `message`, as the
   * server does while it shuts down or starts up (57P03) or has no connection slot left (53300),
   * and resets the connections open now, as a fast shutdown ends its sessions.
   */
  refuse(code: string, message: string): void {
    this.#refusal = { code, message };
    for (const socket of this.#sockets) socket.resetAndDestroy();
    this.#sockets.clear();
    this.#silenced.clear();
  }

  /**
   * New connections are forwarded again; the ones cut stay silent (as when a firewall or NAT lost
   * track of them) until close() resets them.
   */
  restore(): void {
    this.#cut = false;
    this.#refusal = null;
  }

  /** Stops accepting and cuts every open connection at once (the client sees its socket reset). */
  async close(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = null;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.#sockets) socket.resetAndDestroy();
    this.#sockets.clear();
    this.#silenced.clear();
    await closed;
  }

  #track(socket: Socket): void {
    this.#sockets.add(socket);
    socket.on('close', () => this.#sockets.delete(socket));
  }
}
