import { createServer, connect, type Server, type Socket } from 'node:net';

const drop = () => {};

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
   * New connections are forwarded again; the ones cut stay silent (as when a firewall or NAT lost
   * track of them) until close() resets them.
   */
  restore(): void {
    this.#cut = false;
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
