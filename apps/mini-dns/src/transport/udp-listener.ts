import * as dgram from 'node:dgram';
import * as net from 'node:net';

/** Answers one message from the client at `address` (its family: `ipv6`). */
export type Answerer = (message: Buffer, ipv6: boolean, address: string) => Promise<Buffer[]>;

/** DNS over UDP: one datagram in, its answer out to the sender. */
export class UdpListener {
  private socket?: dgram.Socket;

  constructor(
    private readonly answer: Answerer,
    private readonly onError: (error: Error) => void,
  ) {}

  async listen(host: string, port: number): Promise<void> {
    const socket = dgram.createSocket(net.isIPv6(host) ? 'udp6' : 'udp4');
    this.socket = socket;
    socket.on('message', (message, remote) => {
      void this.answer(message, remote.family === 'IPv6', remote.address).then((replies) => {
        // Without a callback Node sends at once (uv_udp_try_send), far cheaper per datagram; a failure
        // then comes as the socket's 'error' event.
        for (const reply of replies) socket.send(reply, remote.port, remote.address);
      });
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      socket.bind(port, host, () => {
        socket.off('error', reject);
        socket.on('error', this.onError);
        resolve();
      });
    });
  }

  close(): void {
    this.socket?.close();
  }
}
