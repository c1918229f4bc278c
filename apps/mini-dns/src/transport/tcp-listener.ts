import * as net from 'node:net';
import { TcpFraming, framed } from './tcp-framing';
import { Answerer } from './udp-listener';

/** Idle connections are closed after this long (BIND's tcp-idle-timeout is 30 s). */
export const TCP_IDLE_MS = 30_000;
/** Connections served at once; more are closed on arrival (BIND's tcp-clients is 150). */
export const MAX_TCP_CONNECTIONS = 1000;
/** Pipelined queries waiting on one connection before it stops being read (RFC 7766 §6.2.1.1). */
const MAX_PENDING_QUERIES = 64;

/**
 * DNS over TCP (RFC 7766): length-framed messages, answered in order per connection, each answer sent
 * once the client has taken the previous one (a client that stops reading holds no more than one
 * answer, and is dropped when idle).
 */
export class TcpListener {
  private server?: net.Server;
  private readonly connections = new Set<net.Socket>();

  constructor(private readonly answer: Answerer) {}

  async listen(host: string, port: number): Promise<void> {
    const server = net.createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    for (const socket of this.connections) socket.destroy();
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(undefined)));
  }

  private accept(socket: net.Socket): void {
    if (this.connections.size >= MAX_TCP_CONNECTIONS) {
      socket.destroy();
      return;
    }
    this.connections.add(socket);
    socket.setNoDelay(true);
    socket.setTimeout(TCP_IDLE_MS, () => socket.destroy());
    socket.on('close', () => this.connections.delete(socket));
    socket.on('error', () => socket.destroy());
    const framing = new TcpFraming();
    let queue = Promise.resolve();
    let pending = 0;
    socket.on('data', (chunk) => {
      let messages: Buffer[];
      try {
        messages = framing.push(chunk);
      } catch {
        socket.destroy();
        return;
      }
      for (const message of messages) {
        if (++pending >= MAX_PENDING_QUERIES) socket.pause();
        queue = queue
          .then(() => this.serve(socket, message))
          .catch(() => void socket.destroy())
          .finally(() => {
            if (--pending < MAX_PENDING_QUERIES && socket.isPaused()) socket.resume();
          });
      }
    });
  }

  private async serve(socket: net.Socket, message: Buffer): Promise<void> {
    if (socket.destroyed) return;
    const ipv6 = socket.remoteFamily === 'IPv6';
    for (const reply of await this.answer(message, ipv6, socket.remoteAddress ?? '')) {
      if (socket.destroyed) return;
      if (!socket.write(framed(reply))) await drained(socket);
    }
  }
}

/** Resolves when the socket can take more, or is gone. */
function drained(socket: net.Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.once('drain', done);
    socket.once('close', done);
  });
}
