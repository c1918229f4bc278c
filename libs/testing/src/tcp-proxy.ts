import * as net from 'node:net';

const DEFAULT_PORTS: Record<string, number> = { 'postgresql:': 5432, 'postgres:': 5432, 'amqp:': 5672 };

/**
 * A loopback TCP proxy that can be switched off and on, to make a real server (RabbitMQ)
 * unreachable and reachable again without touching it.
 */
export class TcpProxy {
  private server?: net.Server;
  private readonly sockets = new Set<net.Socket>();

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

  async up(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  async down(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    if (this.server) await new Promise((resolve) => this.server!.close(resolve));
    this.server = undefined;
  }
}
