import * as net from 'node:net';

const DEFAULT_PORTS: Record<string, number> = { 'postgresql:': 5432, 'postgres:': 5432, 'amqp:': 5672 };

/**
 * Resets a connection (RST) where Node can: not after a shutdown (a pipe's end), where the reset fails and
 * leaves the socket's handle open for good, and node then spins forever at exit (Node 20,
 * Environment::CleanupHandles) — jest "passes" and never ends. Such a socket is closed plainly.
 */
function resetOrDestroy(socket: net.Socket): void {
  if (socket.writableEnded || socket.destroyed) socket.destroy();
  else socket.resetAndDestroy();
}

/** What the proxy does with traffic: pass it, reset every connection, or hold every byte. */
type Mode = 'forward' | 'reset' | 'stall';

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
}

/**
 * A loopback TCP proxy in front of a real server (PostgreSQL, RabbitMQ), to make it unreachable
 * without touching it: `down` refuses connections (and drops the open ones), `reset` accepts and resets
 * them, `stall` accepts and holds every byte (the open connections too), `up` passes traffic again.
 */
export class TcpProxy {
  private server?: net.Server;
  private mode: Mode = 'forward';
  private readonly pairs = new Set<Pair>();
  /** Connections accepted while stalled, never forwarded. */
  private readonly held = new Set<net.Socket>();

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  /** Reserves a free port; the proxy starts switched off. */
  static async create(target: { host: string; port: number }): Promise<TcpProxy> {
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise((resolve) => probe.close(resolve));
    return new TcpProxy(port, target);
  }

  /** A proxy (switched off) in front of the server a PostgreSQL or AMQP URL names. */
  static forUrl(url: string): Promise<TcpProxy> {
    const parsed = new URL(url);
    return TcpProxy.create({
      host: parsed.hostname,
      port: Number(parsed.port || DEFAULT_PORTS[parsed.protocol]),
    });
  }

  /** `url`, reaching its server through this proxy. */
  via(url: string): string {
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(this.port);
    return proxied.toString();
  }

  /** Passes traffic: listens if it was down, resumes the connections held by a stall. */
  async up(): Promise<void> {
    this.mode = 'forward';
    for (const socket of this.held) socket.destroy();
    this.held.clear();
    for (const { client, upstream } of this.pairs) {
      client.pipe(upstream);
      upstream.pipe(client);
    }
    await this.listen();
  }

  /** Refuses new connections and drops the open ones. */
  async down(): Promise<void> {
    this.destroyAll();
    if (this.server) await new Promise((resolve) => this.server!.close(resolve));
    this.server = undefined;
  }

  /** Accepts connections and resets them at once; the open ones are reset too. */
  async reset(): Promise<void> {
    this.mode = 'reset';
    this.destroyAll();
    await this.listen();
  }

  /** Accepts connections and holds every byte, on new and open connections alike, until `up`. */
  async stall(): Promise<void> {
    this.mode = 'stall';
    for (const { client, upstream } of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
    await this.listen();
  }

  private async listen(): Promise<void> {
    if (this.server) return;
    this.server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  private accept(client: net.Socket): void {
    client.on('error', () => client.destroy());
    if (this.mode === 'reset') {
      resetOrDestroy(client);
      return;
    }
    if (this.mode === 'stall') {
      this.held.add(client);
      client.pause();
      client.on('close', () => this.held.delete(client));
      return;
    }
    const upstream = net.connect(this.target.port, this.target.host);
    const pair = { client, upstream };
    this.pairs.add(pair);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    for (const socket of [client, upstream]) {
      socket.on('close', drop);
      socket.on('error', drop);
    }
    client.pipe(upstream).pipe(client);
  }

  private destroyAll(): void {
    for (const { client, upstream } of this.pairs) {
      resetOrDestroy(client);
      upstream.destroy();
    }
    this.pairs.clear();
    for (const socket of this.held) socket.destroy();
    this.held.clear();
  }
}
