import * as net from 'node:net';
import { transferZone } from './zone-transfer';

describe('transferZone', () => {
  it('gives up when the whole transfer outlasts its time, even from a master that keeps trickling bytes', async () => {
    const trickles: NodeJS.Timeout[] = [];
    const sockets: net.Socket[] = [];
    const server = net.createServer((socket) => {
      sockets.push(socket);
      // A frame announced as 512 bytes, sent a byte every 20 ms: never idle, never done.
      socket.write(Buffer.from([0x02, 0x00]));
      trickles.push(setInterval(() => socket.writable && socket.write(Buffer.from([0])), 20));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    const started = Date.now();
    try {
      await expect(
        transferZone({ host: '127.0.0.1', port }, 'example.test.', { timeoutMs: 300 }),
      ).rejects.toThrow(/timed out/);
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      trickles.forEach(clearInterval);
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
