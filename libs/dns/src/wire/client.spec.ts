import * as dgram from 'node:dgram';
import * as packet from 'dns-packet';
import { DnsMessage, querySoa, sendNotify } from './client';

/** A tiny UDP server that records queries and answers with `reply`. */
async function fakeServer(reply: (query: DnsMessage) => DnsMessage) {
  const socket = dgram.createSocket('udp4');
  const seen: DnsMessage[] = [];
  socket.on('message', (message, remote) => {
    const query = packet.decode(message) as DnsMessage;
    seen.push(query);
    socket.send(
      packet.encode({ ...reply(query), id: query.id, type: 'response' }),
      remote.port,
      remote.address,
    );
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    port: socket.address().port,
    seen,
    close: () => new Promise((resolve) => socket.close(() => resolve(undefined))),
  };
}

describe('DNS client', () => {
  it('reads the serial from an authoritative SOA answer', async () => {
    const server = await fakeServer((q) => ({
      flags: packet.AUTHORITATIVE_ANSWER,
      questions: q.questions,
      answers: [
        {
          type: 'SOA',
          name: 'example.com',
          ttl: 60,
          data: { mname: 'ns', rname: 'r', serial: 42, refresh: 1, retry: 1, expire: 1, minimum: 1 },
        },
      ],
    }));
    expect(await querySoa({ host: '127.0.0.1', port: server.port }, 'example.com.')).toEqual({
      present: true,
      serial: 42,
      refresh: 1,
      retry: 1,
    });
    await server.close();
  });

  it('reports a server that does not hold the zone', async () => {
    const server = await fakeServer((q) => ({ flags: 5, questions: q.questions }));
    expect(await querySoa({ host: '127.0.0.1', port: server.port }, 'example.com.')).toEqual({
      present: false,
      rcode: 'REFUSED',
    });
    await server.close();
  });

  it('sends NOTIFY with the NOTIFY opcode', async () => {
    const server = await fakeServer((q) => ({ flags: q.flags, questions: q.questions }));
    await sendNotify({ host: '127.0.0.1', port: server.port }, 'example.com.');
    expect(server.seen[0]).toMatchObject({
      opcode: 'NOTIFY',
      questions: [{ name: 'example.com', type: 'SOA' }],
    });
    await server.close();
  });

  it('times out when nothing answers', async () => {
    const server = await fakeServer((q) => q);
    await server.close();
    await expect(querySoa({ host: '127.0.0.1', port: server.port }, 'example.com.', 200)).rejects.toThrow();
  });
});
